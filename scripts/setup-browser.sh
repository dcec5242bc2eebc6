#!/bin/sh
# Chromium for the browser tests (tests/test_room_browser.py): Debian's package, installed once.
# Idempotent and quiet; Playwright itself comes from the dev extra (pip), never `playwright install`.
set -eu
[ -x /usr/bin/chromium ] && exit 0
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -q chromium >/dev/null 2>&1 || {
    $SUDO apt-get update -q >/dev/null 2>&1
    $SUDO apt-get install -y -q chromium >/dev/null
}
