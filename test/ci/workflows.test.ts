/**
 * The CI recipes in the repository: every workflow parses and calls only npm scripts that exist
 * (also the recipes for other CI systems in the README and .ci/run), and the pull-request review
 * is replayed on a temporary git repository: its steps' own commands, run as GitHub runs them, on
 * a shallow checkout of a pull request, give annotations at the changed lines, a job summary and
 * the right pass or fail. .ci/run's spec review is replayed the same way.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { ROOT } from "../../generator/root.js";
import { OTHER_MAJORS, SUITE_MAJOR } from "../node-binary.mjs";
import { git, shell, writeProjectPackage } from "../helpers/project-scripts.js";

const WORKFLOWS = path.join(ROOT, ".github", "workflows");
const F = path.join(ROOT, "test", "fixtures", "spec-diff");

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Workflow {
  name: string;
  on: unknown;
  jobs: Record<string, { "runs-on": string; steps: Step[] }>;
}

const files = (await readdir(WORKFLOWS)).filter((f) => /\.ya?ml$/.test(f)).sort();
const workflows = new Map<string, Workflow>();
for (const file of files) workflows.set(file, parse(await readFile(path.join(WORKFLOWS, file), "utf8")) as Workflow);
const scripts = Object.keys(
  (JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts,
);

/** `npm run x`, `npm run -s x`, `npm test` in a shell text: the scripts it calls. */
function npmScripts(text: string): string[] {
  const called = [...text.matchAll(/\bnpm run(?:\s+(?:-s|--silent))?\s+([A-Za-z0-9:_-]+)/g)].map((m) => m[1]!);
  if (/\bnpm (?:test|t)\b/.test(text)) called.push("test");
  return called;
}

describe("the workflows in .github/workflows", () => {
  it("there are the CI and spec-review workflows", () => {
    expect(files).toEqual(["ci.yml", "spec-review.yml"]);
  });

  it.each(files)("%s is valid YAML with jobs whose steps each run or use something", async (file) => {
    const docs = parseAllDocuments(await readFile(path.join(WORKFLOWS, file), "utf8"));
    expect(docs).toHaveLength(1);
    expect(docs[0]!.errors).toEqual([]);
    const workflow = workflows.get(file)!;
    expect(typeof workflow.name).toBe("string");
    expect(workflow.on).toBeDefined();
    for (const [name, job] of Object.entries(workflow.jobs)) {
      expect(job["runs-on"], name).toBe("ubuntu-latest");
      for (const step of job.steps) expect(Boolean(step.run) !== Boolean(step.uses), JSON.stringify(step)).toBe(true);
    }
  });

  it("every npm script a workflow, .ci/run or a README recipe calls exists", async () => {
    const texts = [...workflows.values()].flatMap((w) =>
      Object.values(w.jobs).flatMap((job) => job.steps.map((s) => s.run ?? "")),
    );
    texts.push(await readFile(path.join(ROOT, ".ci", "run"), "utf8"));
    const readme = await readFile(path.join(ROOT, "README.md"), "utf8");
    const recipes = [...readme.matchAll(/```(?:ya?ml|sh)\n([\s\S]*?)```/g)].map((m) => m[1]!);
    for (const recipe of recipes.filter((r) => /spec:diff|release/.test(r))) texts.push(recipe);
    const called = new Set(texts.flatMap(npmScripts));
    expect([...called].filter((s) => !scripts.includes(s))).toEqual([]);
    for (const needed of ["spec:diff", "gen", "test", "format:check", "lint", "typecheck"])
      expect(called).toContain(needed);
  });

  it("the README's recipes for other CI systems are valid YAML", async () => {
    const readme = await readFile(path.join(ROOT, "README.md"), "utf8");
    const blocks = [...readme.matchAll(/```ya?ml\n([\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .filter((b) => /spec:diff/.test(b));
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(parseAllDocuments(block).flatMap((d) => d.errors)).toEqual([]);
  });

  it(`CI runs the whole suite on Node ${SUITE_MAJOR}, the smoke and consumers on a matrix of the others (${OTHER_MAJORS.join(", ")})`, async () => {
    const jobs = workflows.get("ci.yml")!.jobs as Record<
      string,
      { container?: string; env?: Record<string, string>; strategy?: { matrix?: { node?: number[] } }; steps: Step[] }
    >;
    expect(jobs.test!.container).toBe(`node:${SUITE_MAJOR}-bookworm`);
    expect(jobs.test!.steps.at(-1)!.run).toBe(".ci/run");
    // The matrix runs the other versions, so .ci/run does not run them again there.
    expect(jobs.test!.env?.CI_OTHER_NODES).toBe("none");
    const other = jobs["other-nodes"]!;
    expect(other.strategy?.matrix?.node).toEqual(OTHER_MAJORS);
    expect(other.container).toBe("node:${{ matrix.node }}-bookworm");
    expect(other.steps.map((s) => s.run ?? s.uses)).toContain("bash .ci/other-nodes ${{ matrix.node }}");
    // Where there is no matrix (CI on the submitting machine), .ci/run runs them itself, after the suite.
    const ci = await readFile(path.join(ROOT, ".ci", "run"), "utf8");
    expect(ci.indexOf("bash .ci/other-nodes")).toBeGreaterThan(ci.indexOf("npm test"));
  });

  it("the jobs that run no npm test keep npm ci from fetching the suite's Node (its prepare script)", () => {
    for (const [file, id] of [
      ["ci.yml", "other-nodes"],
      ["spec-review.yml", "spec-review"],
    ] as const) {
      const job = workflows.get(file)!.jobs[id]! as { env?: Record<string, string>; steps: Step[] };
      expect(job.steps.some((s) => /\bnpm test\b|\.ci\/run/.test(s.run ?? ""))).toBe(false);
      const install = job.steps.find((s) => s.run?.startsWith("npm ci"))!;
      expect({ ...job.env, ...install.env }.OPENRPC_TS_TEST_NODE, `${file}, job ${id}`).toBe("current");
    }
  });

  it("the pull-request review checks out the pull request, fetches its base, reviews, and checks generated/", () => {
    const steps = workflows.get("spec-review.yml")!.jobs["spec-review"]!.steps;
    expect(steps.map((s) => s.uses ?? s.id ?? s.run)).toEqual([
      "actions/checkout@v4",
      "actions/setup-node@v4",
      "npm ci --no-audit --no-fund",
      "fetch-base",
      "review",
      "npm run gen -- --check",
    ]);
    expect((workflows.get("spec-review.yml")!.on as { pull_request: unknown }).pull_request).toBeDefined();
  });
});

/** GitHub's `${{ … }}` expressions the workflows use, evaluated for one pull request; any other is an error. */
function expand(text: string, pr: { base: string; labels: string[] }): string {
  const known: Record<string, string> = {
    "github.base_ref": pr.base,
    "contains(github.event.pull_request.labels.*.name, 'breaking-change')": String(
      pr.labels.includes("breaking-change"),
    ),
  };
  return text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expression: string) => {
    if (!(expression in known)) throw new Error(`The test does not know the expression ${expression}; teach expand().`);
    return known[expression]!;
  });
}

describe("a pull request's spec review, replayed on a temporary repository", () => {
  const scratch = path.join(os.tmpdir(), `spec-review-${process.pid}-${Date.now()}`);
  let origin: string;
  beforeAll(async () => {
    origin = await mkdtemp(scratch);
    await git(origin, "init", "-q", "-b", "main");
    await cp(path.join(F, "v1"), path.join(origin, "spec"), { recursive: true });
    await writeProjectPackage(origin);
    await git(origin, "add", "-A");
    await git(origin, "commit", "-qm", "v1");
    for (const [branch, fixture] of [
      ["breaking", "v2"],
      ["risky", "warn"],
    ] as const) {
      await git(origin, "checkout", "-q", "-b", branch, "main");
      await cp(path.join(F, fixture), path.join(origin, "spec"), { recursive: true });
      await git(origin, "commit", "-qam", branch);
    }
    await git(origin, "checkout", "-q", "main");
  });
  afterAll(() => rm(origin, { recursive: true, force: true }));

  /** actions/checkout of a pull request: one commit deep, no other branch. Then the workflow's own steps. */
  async function replay(branch: string, labels: string[], ids = ["fetch-base", "review"]) {
    const workspace = await mkdtemp(path.join(origin, `${branch}-`));
    await rm(workspace, { recursive: true });
    await git(origin, "clone", "-q", "--depth", "1", "--no-tags", "--branch", branch, `file://${origin}`, workspace);
    const summary = path.join(workspace, "..", `${path.basename(workspace)}.summary.md`);
    await writeFile(summary, "");
    const steps = workflows.get("spec-review.yml")!.jobs["spec-review"]!.steps;
    const results = [];
    for (const id of ids) {
      const step = steps.find((s) => s.id === id)!;
      const env = Object.fromEntries(
        Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(v, { base: "main", labels })]),
      );
      const ran = await shell(expand(step.run!, { base: "main", labels }), workspace, {
        ...env,
        GITHUB_STEP_SUMMARY: summary,
        GITHUB_WORKSPACE: workspace,
        CI: "true",
      });
      results.push(ran);
      if (ran.code !== 0) break;
    }
    return { results, review: results.at(-1)!, summary: await readFile(summary, "utf8"), workspace };
  }

  it("a breaking change: ::error annotations at the changed lines, the job summary, and a failed check", async () => {
    const { results, review, summary, workspace } = await replay("breaking", []);
    expect(results.map((r) => r.code)).toEqual([0, 1]);
    const annotations = review.stdout.split("\n").filter((l) => l.startsWith("::"));
    expect(annotations.map((l) => l.slice(0, l.indexOf(",title=")))).toEqual([
      "::error file=spec/pets.openrpc.json,line=33",
      "::error file=spec/pets.openrpc.json,line=45",
      "::error file=spec/types.json,line=9",
      "::warning file=spec/pets.openrpc.json,line=31",
    ]);
    const head = (await readFile(path.join(workspace, "spec", "pets.openrpc.json"), "utf8")).split("\n");
    expect(head[44]).toContain('"maximum": 50');
    expect(review.stderr).toContain("The review fails: 3 ERR at --fail-on ERR or worse.");
    expect(summary).toMatch(/^### OpenRPC breaking-change review\n/);
    expect(summary).toContain("Suggested version bump for the generated package: **major**");
    expect(summary).toContain("| **ERR** | `method-removed` | `#/methods/2` (line 33) |");
  });

  it("the same change with the breaking-change label: still annotated and summarized, but the check passes", async () => {
    const { results, review, summary } = await replay("breaking", ["breaking-change"]);
    expect(results.map((r) => r.code)).toEqual([0, 0]);
    expect(review.stdout).toContain("::error file=spec/pets.openrpc.json,line=33");
    expect(review.stderr).toContain("allowed by --allow-breaking");
    expect(summary).toContain("**3 ERR**");
  });

  it("a risky but compatible change: ::warning annotations and a passing check", async () => {
    const { results, review, summary } = await replay("risky", []);
    expect(results.map((r) => r.code)).toEqual([0, 0]);
    expect(review.stdout.split("\n").filter((l) => l.startsWith("::error"))).toEqual([]);
    expect(review.stdout).toMatch(/^::warning file=spec\/pets\.openrpc\.json,line=\d+,title=Risky change%3A /m);
    expect(summary).toContain("Suggested version bump for the generated package: **major**");
  });

  it("without the fetch step, the shallow checkout has no base: the review says how to fetch it and fails", async () => {
    const { review } = await replay("risky", [], ["review"]);
    expect(review.code).toBe(2);
    expect(review.stderr).toContain("--base origin/main is not in this clone");
    expect(review.stderr).toContain("git fetch --no-tags --depth=1 origin +refs/heads/main:refs/remotes/origin/main");
  });

  it(".ci/run's spec review: reviews the latest commit's spec change, or says why it cannot", async () => {
    const ciRun = await readFile(path.join(ROOT, ".ci", "run"), "utf8");
    const block = ciRun.slice(ciRun.indexOf("# A spec change is reviewed"), ciRun.indexOf('echo "== tests'));
    expect(block).toContain("npm run -s spec:diff -- --base HEAD~1");
    const ci = async (dir: string) => shell(block, dir);

    const full = path.join(origin, "full");
    await git(origin, "clone", "-q", "--branch", "breaking", `file://${origin}`, full);
    const reviewed = await ci(full);
    expect(reviewed.code).toBe(0);
    expect(reviewed.stdout).toContain(
      "== spec changes since the previous commit (npm run -s spec:diff -- --base HEAD~1)",
    );
    expect(reviewed.stdout).toMatch(/^3 ERR, 1 WARN, 1 INFO: .*Suggested version bump: major/m);

    const shallow = path.join(origin, "shallow");
    await git(origin, "clone", "-q", "--depth", "1", "--branch", "breaking", `file://${origin}`, shallow);
    expect((await ci(shallow)).stdout).toBe(
      "== spec review skipped: this is a shallow clone without the previous commit (HEAD~1), so spec/ cannot be\n" +
        "   compared with it. To review the latest spec change, fetch it: git fetch --deepen=1 (CI: fetch-depth: 2).\n",
    );
    const first = path.join(origin, "first");
    await git(origin, "clone", "-q", "--branch", "main", `file://${origin}`, first);
    expect((await ci(first)).stdout).toBe(
      "== spec review skipped: HEAD is the first commit, so there is no earlier spec to compare with\n",
    );
    const exported = await mkdtemp(path.join(os.tmpdir(), "exported-"));
    try {
      expect((await ci(exported)).stdout).toContain("== spec review skipped: this is not a git clone");
    } finally {
      await rm(exported, { recursive: true, force: true });
    }
  });
});

describe(".ci/run's system packages", () => {
  const bash = (process.env.PATH ?? "")
    .split(path.delimiter)
    .map((dir) => path.join(dir, "bash"))
    .find((file) => existsSync(file))!;
  /** The block run with only `fake` on PATH: its apt-get installs the shell (ok) or fails. */
  async function packages(have: ("chromium-headless-shell" | "chromium")[], apt: "ok" | "fails") {
    const ciRun = await readFile(path.join(ROOT, ".ci", "run"), "utf8");
    const block = ciRun.slice(ciRun.indexOf('echo "== system packages'), ciRun.indexOf('echo "== install"'));
    expect(block).toContain("apt-get install -y -qq chromium-headless-shell");
    const dir = await mkdtemp(path.join(os.tmpdir(), "ci-packages-"));
    try {
      const fake = path.join(dir, "bin");
      await mkdir(fake);
      // The block's own shell, found on the PATH the test was given; the fakes are plain sh scripts.
      await symlink(bash, path.join(fake, "bash"));
      const browser = (name: string) => `#!/bin/sh\necho "${name} 1.0"\n`;
      for (const name of have) await writeFile(path.join(fake, name), browser(name), { mode: 0o755 });
      // apt-get's own files come from outside PATH, as a real install's do.
      await writeFile(path.join(dir, "staged"), browser("chromium-headless-shell"), { mode: 0o755 });
      const install = `/bin/cp -p "${dir}/staged" "${fake}/chromium-headless-shell"`;
      const aptGet = `#!/bin/sh\necho "apt-get $*" >> "${dir}/apt.log"\n${
        apt === "fails" ? "exit 100" : `if [ "$1" = install ]; then ${install}; fi`
      }\n`;
      await writeFile(path.join(fake, "apt-get"), aptGet, { mode: 0o755 });
      const ran = await shell(block, dir, { PATH: fake });
      const log = await readFile(path.join(dir, "apt.log"), "utf8").catch(() => "");
      return { ...ran, apt: log.trim().split("\n").filter(Boolean) };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it("uses the headless shell where it is installed, without apt", async () => {
    const ran = await packages(["chromium-headless-shell", "chromium"], "fails");
    expect([ran.code, ran.apt]).toEqual([0, []]);
    expect(ran.stdout).toContain("chromium-headless-shell 1.0");
  });

  it("installs the headless shell where it is missing", async () => {
    const ran = await packages(["chromium"], "ok");
    expect([ran.code, ran.apt]).toEqual([0, ["apt-get update -qq", "apt-get install -y -qq chromium-headless-shell"]]);
    expect(ran.stdout).toContain("chromium-headless-shell 1.0");
  });

  it("falls back to chromium, saying so, where the shell cannot be installed", async () => {
    const ran = await packages(["chromium"], "fails");
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain(
      "chromium-headless-shell could not be installed: the browser tests run on chromium, with more CPU",
    );
    expect(ran.stdout).toContain("chromium 1.0");
  });

  it("fails where neither can be had", async () => {
    const ran = await packages([], "fails");
    expect(ran.code).toBe(1);
    expect(ran.stdout).not.toContain("1.0");
    expect(ran.stderr).toContain(
      "Neither chromium-headless-shell nor chromium could be installed: the browser tests need one (apt-get install chromium-headless-shell).",
    );
  });
});
