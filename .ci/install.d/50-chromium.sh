# shellcheck shell=bash
# Headless Chromium for the HTML report's browser test (HtmlReportInChromiumIT), driven over the
# DevTools protocol: Debian's browser, no driver, nothing downloaded at test time. Fonts so the
# screenshots show text.
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -d /usr/share/fonts/truetype/liberation ] || need+=(fonts-liberation)
if [ ${#need[@]} -gt 0 ]; then apt_install "${need[@]}"; fi
