#!/bin/sh
# Starts the Quire process named by $APP (default gateway):
#   gateway (or embedded)  ->  <app>/dist/main.js
#   auth item page team notice admin export  ->  services/<app>/dist/main.js
# Arguments are passed on to node's script.
set -eu
cd "$(dirname "$0")/.."

app="${APP:-gateway}"
case "$app" in
  '' | *[!a-z0-9-]*)
    echo "quire: APP must be gateway or a service name, got '$app'" >&2
    exit 64
    ;;
esac

if [ -f "$app/dist/main.js" ]; then
  main="$app/dist/main.js"
elif [ -f "services/$app/dist/main.js" ]; then
  main="services/$app/dist/main.js"
else
  known="gateway"
  for dir in services/*/; do
    [ -d "$dir" ] && known="$known $(basename "$dir")"
  done
  echo "quire: unknown APP '$app' (expected one of: $known)" >&2
  exit 64
fi

exec node "$main" "$@"
