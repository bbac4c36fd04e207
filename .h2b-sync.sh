#!/bin/bash
cd /work/main
sed 's/export const PORT = 3100;/export const PORT = 3217;/' tests/support/e2e-fixtures.ts > .h2b-tmp/support/e2e-fixtures.ts
cp tests/e2e/card-editor.spec.ts .h2b-tmp/e2e/
