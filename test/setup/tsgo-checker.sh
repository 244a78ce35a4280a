#!/bin/sh
# vitest's type checker (vitest.config.ts `typecheck.checker`): TypeScript 7 with Go's garbage
# collector off until the heap nears 3 GiB, as the tests run it (test/helpers/strict-tsc.ts TSGO_ENV).
GOGC=off GOMEMLIMIT=3GiB exec "$(dirname "$0")/../../node_modules/.bin/tsgo" "$@"
