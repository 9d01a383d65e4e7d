#!/usr/bin/env bash
# The documentation's release publish, the one step of the docs workflow (docs/pipelines.md), run
# from a checkout of a release tag: installs, writes the changelog from the release tags (generated/
# is committed and CI's generate:check holds it to openapi/, so it is not rebuilt here), adds this
# version's site to the tree kept on the pages branch (docs:publish: /v<x>/, /latest/,
# versions.json, switchers), and pushes that branch, which GitHub Pages serves as it is.
#
#   RELEASE_TAG    the tag to publish (default: GITHUB_REF_NAME, set by GitHub Actions), vX.Y.Z
#   PAGES_REMOTE   where the pages branch lives (default: this GitHub repository, with GITHUB_TOKEN)
#   PAGES_BRANCH   default gh-pages
#   DOCS_RELEASE_INSTALL=0   skips `npm ci` (the test, which runs in a copy with node_modules linked)
#
# Exit codes: 0 published, 1 a step failed, 2 bad input (no tag, or a tag that is not the contract's version).
set -euo pipefail
cd "$(dirname "$0")/.."

tag="${RELEASE_TAG:-${GITHUB_REF_NAME:-}}"
branch="${PAGES_BRANCH:-gh-pages}"
if [[ ! "$tag" =~ ^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
  echo "docs-release: RELEASE_TAG (or GITHUB_REF_NAME) must be a release tag vX.Y.Z, not '${tag}'" >&2
  exit 2
fi
remote="${PAGES_REMOTE:-}"
if [[ -z "$remote" ]]; then
  if [[ -z "${GITHUB_REPOSITORY:-}" || -z "${GITHUB_TOKEN:-}" ]]; then
    echo 'docs-release: set PAGES_REMOTE, or GITHUB_REPOSITORY and GITHUB_TOKEN' >&2
    exit 2
  fi
  remote="https://x-access-token:${GITHUB_TOKEN}@github.com/${GITHUB_REPOSITORY}"
fi

# Checked on the committed bundle before any work: a tag on a commit whose contract says another
# version would publish mislabelled docs.
contract_version="$(node -p "require('./generated/openapi.json').info.version")"
if [[ "v${contract_version}" != "$tag" ]]; then
  echo "docs-release: the tag ${tag} is not the contract's version (${contract_version}); nothing published" >&2
  exit 2
fi

if [[ "${DOCS_RELEASE_INSTALL:-1}" != 0 ]]; then npm ci --no-audit --no-fund; fi
npm run --silent changelog

tree="$(mktemp -d)"
trap 'rm -rf "$tree"' EXIT
# The kept tree: the pages branch as it is, or a new one on the first release.
if ! git clone -q --branch "$branch" --single-branch "$remote" "$tree" 2>/dev/null; then
  git -C "$tree" init -q -b "$branch"
  git -C "$tree" remote add origin "$remote"
fi
npm run --silent docs:publish -- --site "$tree" --version "${tag#v}"
# GitHub Pages serves the files as they are (no Jekyll build).
touch "$tree/.nojekyll"
git -C "$tree" add -A
git -C "$tree" -c user.name=docs-bot -c user.email=docs-bot@users.noreply.github.com commit -qm "docs ${tag}"
git -C "$tree" push -q origin "HEAD:${branch}"
echo "docs-release: published ${tag} to ${branch}"
