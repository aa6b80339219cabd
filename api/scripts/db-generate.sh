#!/bin/sh
# Generates a migration from src/**/schema.ts into drizzle/.
#
# Several engineers generate migrations in this working tree; two drizzle-kit runs at once would
# both read the same journal and write migrations with the same number. The exclusive flock makes
# the second run wait for the first and then see its migration.
#
# Usage: pnpm --filter api db:generate [--name <what_changed>]
set -eu
cd "$(dirname "$0")/.."
mkdir -p drizzle
exec flock --timeout 300 drizzle/.generate.lock drizzle-kit generate "$@"
