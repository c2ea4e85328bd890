#!/usr/bin/env bash
# Startup time of the built app, measured from outside (no hook in the app):
#
#   packaging/measure-startup.sh [RUNS]      # default 5 runs of each
#
# - `handbook-qa --version`: wall time from launch to exit (Python start-up,
#   the frozen importer, app.common.about + importlib.metadata);
# - the window: the app is launched with no arguments on an Xvfb display
#   (QT_QPA_PLATFORM=xcb, the same path as on a desktop) and `xdotool search
#   --onlyvisible` is polled every 20 ms until a window titled "Handbook QA…" is
#   mapped; the time from launch to that moment is reported. Each run uses a
#   fresh data folder, so each is a first start (the sample handbook opens
#   and indexing begins in the background after the window shows).
# Each is measured warm (files in the page cache) and "cold": before a cold
# run every file of the bundle is evicted from the page cache with
# posix_fadvise(DONTNEED) (no root needed; the system's own libraries stay
# cached, as they would on a desktop that is running).
# Needs Xvfb and xdotool (apt-get install xvfb xdotool), python3.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
APP_DIR=$(cd "${HBQA_APP_DIR:-dist/handbook-qa}" && pwd)
EXE=$APP_DIR/handbook-qa
WORK=$(mktemp -d "${TMPDIR:-/tmp}/hbqa-startup.XXXXXX")
trap 'kill "${xvfb:-0}" 2>/dev/null || true; rm -rf "$WORK"' EXIT

evict() {
    python3 - "$APP_DIR" <<'EOF'
import os, sys
for folder, _, files in os.walk(sys.argv[1]):
    for name in files:
        path = os.path.join(folder, name)
        if os.path.islink(path):
            continue
        fd = os.open(path, os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)
EOF
}
now() { date +%s.%N; }
stats() { sort -n | awk '{ v[NR] = $1 } END { printf "min %.2f s · median %.2f s · max %.2f s (%d runs)\n", v[1], v[int((NR + 1) / 2)], v[NR], NR }'; }

display=:$((150 + RANDOM % 100))
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 50); do xdotool getdisplaygeometry --display "$display" >/dev/null 2>&1 && break; sleep 0.1; done

version_run() {
    local start; start=$(now)
    env -i PATH=/usr/bin:/bin HOME="$WORK" "$EXE" --version >/dev/null
    awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.3f\n", b - a }'
}

window_run() {
    local start shown="" gui n=$1
    rm -rf "$WORK/data$n" "$WORK/config"
    start=$(now)
    env -i PATH=/usr/bin:/bin HOME="$WORK" LANG=C.UTF-8 DISPLAY="$display" QT_QPA_PLATFORM=xcb \
        HANDBOOK_QA_HOME="$WORK/data$n" XDG_CONFIG_HOME="$WORK/config" "$EXE" >/dev/null 2>&1 &
    gui=$!
    for _ in $(seq 1500); do
        if DISPLAY=$display xdotool search --onlyvisible --name '^Handbook QA' >/dev/null 2>&1; then
            shown=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'); break
        fi
        sleep 0.02
    done
    kill "$gui" 2>/dev/null; wait "$gui" 2>/dev/null || true
    echo "${shown:-NaN}"
}

for mode in warm cold; do
    : >"$WORK/version.$mode"; : >"$WORK/window.$mode"
    for n in $(seq "$RUNS"); do
        [ "$mode" = cold ] && evict
        version_run >>"$WORK/version.$mode"
        [ "$mode" = cold ] && evict
        window_run "$n" >>"$WORK/window.$mode"
    done
    echo "--version ($mode): $(stats <"$WORK/version.$mode")"
    echo "window shown ($mode): $(stats <"$WORK/window.$mode")"
done
