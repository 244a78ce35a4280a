import { describe, expect, it } from "vitest";
import { lintSpec } from "../../../generator/validate/lint.js";
import { doc, loaded } from "../../helpers/spec.js";

const str = { type: "string" };

describe("lintSpec", () => {
  it("passes a clean document", () => {
    expect(
      lintSpec(
        loaded(
          doc([
            {
              name: "a",
              params: [
                { name: "x", required: true, schema: str },
                { name: "y", schema: str },
              ],
            },
          ]),
        ),
      ),
    ).toEqual([]);
  });

  it.each([
    {
      name: "duplicate method names",
      methods: [{ name: "a" }, { name: "a" }],
      pointer: "/methods/1/name",
      message: 'method name "a" is already used at /methods/0',
    },
    {
      name: "a required param after an optional one (positional possible)",
      methods: [
        {
          name: "a",
          params: [
            { name: "x", schema: str },
            { name: "y", required: true, schema: str },
          ],
        },
      ],
      pointer: "/methods/0/params/1/required",
      message: 'required param "y" comes after optional param "x"',
    },
    {
      name: "duplicate param names",
      methods: [
        {
          name: "a",
          params: [
            { name: "x", schema: str },
            { name: "x", schema: str },
          ],
        },
      ],
      pointer: "/methods/0/params/1/name",
      message: 'param name "x" is used twice',
    },
    {
      name: "an x-limits rule naming an unknown param",
      methods: [
        {
          name: "a",
          params: [{ name: "from", schema: str }],
          "x-limits": [{ rule: "maxBlockSpan", from: "from", to: "until", max: 3 }],
        },
      ],
      pointer: "/methods/0/x-limits/0/to",
      message: 'names param "until", which method "a" does not have',
    },
    {
      name: "an x-result-variants condition on an unknown param",
      methods: [{ name: "a", "x-result-variants": [{ name: "V", when: { param: "p", equals: 1 }, schema: str }] }],
      pointer: "/methods/0/x-result-variants/0/when/param",
      message: 'names param "p"',
    },
    {
      name: "a $ref that points at nothing",
      methods: [{ name: "a", result: { name: "r", schema: { $ref: "#/components/schemas/Gone" } } }],
      pointer: "/methods/0/result/schema",
      message: '$ref "#/components/schemas/Gone" points at nothing',
    },
  ])("reports $name", ({ methods, pointer, message }) => {
    const problems = lintSpec(loaded(doc(methods as never)));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.pointer).toBe(pointer);
    expect(problems[0]!.message).toContain(message);
    expect(problems[0]!.hint).toBeTruthy();
  });

  it("allows a required param after an optional one when params go by name only", () => {
    const methods = [
      {
        name: "a",
        paramStructure: "by-name" as const,
        params: [
          { name: "x", schema: str },
          { name: "y", required: true, schema: str },
        ],
      },
    ];
    expect(lintSpec(loaded(doc(methods)))).toEqual([]);
  });

  it("reports every problem at once", () => {
    const methods = [
      { name: "a" },
      {
        name: "a",
        params: [
          { name: "x", schema: str },
          { name: "y", required: true, schema: str },
        ],
      },
    ];
    expect(lintSpec(loaded(doc(methods)))).toHaveLength(2);
  });

  it("checks refs inside external files too", () => {
    const d = doc([{ name: "a", result: { name: "r", schema: { $ref: "./v.json#/A" } } }]);
    const problems = lintSpec(loaded(d, { "spec/v.json": { A: { $ref: "#/B" } } }));
    expect(problems).toEqual([
      expect.objectContaining({
        file: "spec/v.json",
        pointer: "/A",
        message: expect.stringContaining('"#/B" points at nothing'),
      }),
    ]);
  });
});
