#!/usr/bin/env bash
# Validates the deployment files offline, with no cluster and no Docker:
#   - yamllint on the chart's values files, docker-compose.yml and the other
#     plain YAML under deploy/ (not the templates: they are not YAML yet);
#   - the Grafana dashboard is JSON;
#   - every value of the chart documented, and the chart README's parameter
#     tables up to date (Bitnami's readme-generator-for-helm, from npm);
#   - helm lint (strict) of deploy/helm/chorely for every values file it ships;
#   - the chart rendered for each of them, split into one file per manifest, and
#     every manifest checked against the Kubernetes schemas (strict: unknown
#     fields fail) of each version in KUBE_VERSIONS;
#   - docker-compose.yml against the compose-spec JSON schema, plus the files
#     and Dockerfile targets it refers to.
#
# Tools come from PyPI into a virtualenv that is made once and reused:
# helm-python-sdk (Helm v4 as a library: there is no helm binary to install
# here), kubernetes-validate (bundled schemas), yamllint, and check-jsonschema
# (which bundles the compose-spec schema).
#
#   scripts/validate-deploy.sh
#   KUBE_VERSIONS="1.33.0" KEEP_RENDERED=/tmp scripts/validate-deploy.sh   # keeps /tmp/chorely-manifests
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
started=$SECONDS

CHART=deploy/helm/chorely
# The oldest Kubernetes the chart supports (Chart.yaml's kubeVersion) and the
# newest the pinned kubernetes-validate bundles.
KUBE_VERSIONS="${KUBE_VERSIONS:-1.27.0 1.37.0}"
TOOLS_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/chorely"
VENV="$TOOLS_DIR/venv"
# Pinned, so a new release of a tool cannot turn the check red on its own.
TOOLS="helm-python-sdk==0.2.2 kubernetes-validate==1.37.0 yamllint==1.38.0 check-jsonschema==0.39.0"

# --- Tools ------------------------------------------------------------------------
if [[ ! -x "$VENV/bin/python" ]]; then
  step "Creating the tools' virtualenv in $VENV"
  python3 -m venv "$VENV"
fi
# The list of what is installed is kept beside the venv: pip runs only when it changes.
if [[ "$(cat "$VENV/.chorely-tools" 2>/dev/null)" != "$TOOLS" ]]; then
  step "Installing $TOOLS"
  # shellcheck disable=SC2086 # one word per requirement
  "$VENV/bin/pip" install --quiet --disable-pip-version-check $TOOLS
  printf '%s' "$TOOLS" >"$VENV/.chorely-tools"
fi
export PATH="$VENV/bin:$PATH"
README_GENERATOR_VERSION=2.7.2
README_GENERATOR="$TOOLS_DIR/readme-generator-$README_GENERATOR_VERSION"
if [[ ! -x "$README_GENERATOR/node_modules/.bin/readme-generator" ]]; then
  step "Installing @bitnami/readme-generator-for-helm@$README_GENERATOR_VERSION"
  npm install --silent --no-audit --no-fund --prefix "$README_GENERATOR" \
    "@bitnami/readme-generator-for-helm@$README_GENERATOR_VERSION"
fi

if [[ -n "${KEEP_RENDERED:-}" ]]; then
  rendered="$KEEP_RENDERED/chorely-manifests"
  rm -rf "$rendered"
else
  rendered="$(mktemp -d)"
  trap 'rm -rf "$rendered"' EXIT
fi
mkdir -p "$rendered"

# --- Plain YAML and JSON -------------------------------------------------------------
step "yamllint: docker-compose.yml and deploy/ (chart templates excluded)"
yamllint --strict -c deploy/.yamllint.yaml docker-compose.yml deploy

step "Grafana dashboard is valid JSON"
python -m json.tool deploy/grafana/chorely.json >/dev/null

step "Every chart value documented, and $CHART/README.md's tables up to date"
readme_copy="$rendered/README.md"
cp "$CHART/README.md" "$readme_copy"
if ! "$README_GENERATOR/node_modules/.bin/readme-generator" \
  -v "$CHART/values.yaml" -r "$readme_copy" >"$rendered/readme-generator.log" 2>&1; then
  grep -E '^(ERROR|WARN)' "$rendered/readme-generator.log" >&2 || cat "$rendered/readme-generator.log" >&2
  fail "values.yaml needs a '## @param' line for each value (see $CHART/README.md)"
fi
diff -u "$CHART/README.md" "$readme_copy" ||
  fail "$CHART/README.md is out of date: regenerate its tables (command in that README)"
rm "$readme_copy" "$rendered/readme-generator.log"

# --- Helm: lint, render, split ------------------------------------------------------
values_files=("" "$CHART"/values-*.yaml "$CHART"/ci/*-values.yaml)
step "helm lint (strict) and render of $CHART for: default values ${values_files[*]:1}"
# The chart's files/ link to deploy/compose and deploy/grafana; Helm notes every
# link at INFO level on stderr, which is noise here.
python - "$CHART" "$rendered" "${KUBE_VERSIONS%% *}" "${values_files[@]}" \
  2> >(grep -v 'found symbolic link in path' >&2) <<'PY'
import pathlib, re, sys

import helm_python as helm
import yaml

chart, out, kube_version, *values_files = sys.argv[1:]
failed = False
# The one value the chart cannot default (invite links are built from it):
# without it, rendering stops and says so; the default values get it alone.
try:
    with helm.Chart.load(chart) as loaded:
        loaded.render(None, name="chorely", namespace="chorely", is_install=True)
    print("  default values without config.publicUrl: rendered, but must be refused")
    failed = True
except helm.HelmError as e:
    if "config.publicUrl is required" not in str(e):
        print(f"  default values without config.publicUrl: refused for another reason: {e}")
        failed = True
DEFAULTS = "config:\n  publicUrl: https://chorely.example.com\n"
for values_file in values_files:
    label = values_file or "default values (and config.publicUrl)"
    values = helm.values_from_yaml(pathlib.Path(values_file).read_text() if values_file else DEFAULTS)

    report = helm.lint(chart, values, strict=True, kube_version=f"v{kube_version}")
    # Severity 1 is INFO (e.g. "icon is recommended"); warnings fail in strict mode.
    problems = [m for m in report["messages"] if m["severity"] >= 2] + [
        {"path": "", "error": e} for e in report["errors"]]
    for m in problems:
        print(f"  lint {label}: {m['path']}: {m['error']}")
    failed |= bool(problems)

    try:
        with helm.Chart.load(chart) as loaded:
            manifests = loaded.render(values, name="chorely", namespace="chorely", is_install=True)
    except helm.HelmError as e:
        print(f"  render {label}: {e}")
        failed = True
        continue
    folder = pathlib.Path(out) / (pathlib.Path(values_file).stem if values_file else "default")
    folder.mkdir(parents=True)
    count = 0
    for template, text in sorted(manifests.items()):
        if template.endswith("NOTES.txt"):
            continue
        for doc in yaml.safe_load_all(text):
            if not doc:
                continue
            count += 1
            name = re.sub(r"[^A-Za-z0-9.-]", "_", f"{doc.get('kind')}-{doc.get('metadata', {}).get('name')}")
            (folder / f"{count:03}-{name}.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
    print(f"  {label}: lint clean, {count} manifests")
sys.exit(1 if failed else 0)
PY

# The production example limits the routes anyone may call, per client address.
step "The Ingress of values-external.yaml rate-limits the unauthenticated auth routes"
limited=$(grep -l 'nginx.ingress.kubernetes.io/limit-rpm' "$rendered"/values-external/*Ingress* || true)
[ -n "$limited" ] && grep -q 'path: /api/auth/login$' $limited && grep -q 'path: /api/auth/forgot-password$' $limited ||
  fail "values-external.yaml renders no rate-limited Ingress for the auth routes"
if grep -l 'limit-rpm' "$rendered"/values-external/*Ingress* | xargs grep -q 'path: /$'; then
  fail "the rate limit of values-external.yaml covers the whole app, not only the auth routes"
fi

# --- Kubernetes schemas ------------------------------------------------------------
mapfile -t manifests < <(find "$rendered" -name '*.yaml' | sort)
for version in $KUBE_VERSIONS; do
  step "kubernetes-validate --strict, Kubernetes $version: ${#manifests[@]} manifests"
  kubernetes-validate --strict --quiet -k "$version" "${manifests[@]}"
done

# --- Docker Compose -----------------------------------------------------------------
step "docker-compose.yml against the compose-spec schema (bundled by check-jsonschema)"
check-jsonschema --builtin-schema vendor.compose-spec docker-compose.yml

step "docker-compose.yml: bind-mounted files and Dockerfile targets exist"
python - <<'PY'
import pathlib, re, sys

import yaml

compose = yaml.safe_load(pathlib.Path("docker-compose.yml").read_text())
targets = set(re.findall(r"(?im)^FROM\s+\S+\s+AS\s+(\S+)", pathlib.Path("Dockerfile").read_text()))
problems = []
for name, service in compose["services"].items():
    build = service.get("build") or {}
    if isinstance(build, dict) and build.get("target") and build["target"] not in targets:
        problems.append(f"{name}: Dockerfile has no target {build['target']!r}")
    for volume in service.get("volumes", []):
        source = volume.split(":")[0] if isinstance(volume, str) else volume.get("source", "")
        if source.startswith(".") and not pathlib.Path(source).exists():
            problems.append(f"{name}: bind-mounted {source} does not exist")
for p in problems:
    print(f"  {p}")
sys.exit(1 if problems else 0)
PY

step "Deployment files valid in $((SECONDS - started)) s"
