#!/usr/bin/env bash
# Rewrites the golden screens (tests/golden/*.txt) from the current code,
# then shows what changed.  Review the diff before committing: a golden file
# is the statement of what a screen must look like.
set -eu
cd "$(dirname "$0")/.."
dir=${TPX_BUILD_DIR:-build}
scripts/build.sh
if ! out=$(TPX_UPDATE_GOLDEN=1 "$dir/tests/test_views" 2>&1 &&
            TPX_UPDATE_GOLDEN=1 "$dir/tests/test_views_ab" 2>&1 &&
            TPX_UPDATE_GOLDEN=1 "$dir/tests/test_tour_screens" 2>&1 &&
            TPX_UPDATE_GOLDEN=1 "$dir/tests/test_map_check" 2>&1); then
    echo "$out" >&2
    echo "tpx: the screen tests failed (golden files were written anyway)" >&2
fi
if git diff --quiet -- tests/golden && [ -z "$(git ls-files --others --exclude-standard tests/golden)" ]; then
    echo "golden screens unchanged"
else
    git --no-pager diff --stat -- tests/golden
    git ls-files --others --exclude-standard tests/golden | sed 's/^/new: /'
    echo "review with: git diff tests/golden"
fi
