#!/usr/bin/env sh
# Add Handbook QA to the desktop's application menu (for this user), pointing at
# this unpacked folder. Run it again after moving the folder; `--remove` undoes it.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
APPS=$DATA/applications
ICONS=$DATA/icons/hicolor
if [ "${1:-}" = "--remove" ]; then
    rm -f "$APPS/handbook-qa.desktop" "$ICONS/256x256/apps/handbook-qa.png" \
          "$ICONS/scalable/apps/handbook-qa.svg"
    echo "removed the Handbook QA menu entry"
    exit 0
fi
mkdir -p "$APPS" "$ICONS/256x256/apps" "$ICONS/scalable/apps"
cp "$HERE/handbook-qa.png" "$ICONS/256x256/apps/handbook-qa.png"
cp "$HERE/handbook-qa.svg" "$ICONS/scalable/apps/handbook-qa.svg"
# Exec and TryExec need the absolute path of this folder's executable.
sed -e "s|^Exec=handbook-qa|Exec=\"$HERE/handbook-qa\"|" \
    -e "s|^TryExec=handbook-qa|TryExec=$HERE/handbook-qa|" \
    "$HERE/handbook-qa.desktop" > "$APPS/handbook-qa.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$APPS" || true
echo "installed $APPS/handbook-qa.desktop -> $HERE/handbook-qa"
