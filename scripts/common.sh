# SPDX-License-Identifier: GPL-2.0
# Shared paths and helpers for the build scripts; sourced, never run.
# Every path derives from the repository root so `make vars` can print them.

TOP=${TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
SRC_TARBALL=/usr/src/linux-source-6.12.tar.xz
TREE=$BUILD/linux			# git repo: tag pristine + branch e1000e-rework
AMCHECK=$BUILD/am-check			# second pristine unpack, for git am
PATCHDIR=$BUILD/patches			# exported series
BRANCH=e1000e-rework
VARIANTS="mod builtin regress debug"
JOBS=${JOBS:-$(nproc)}

export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache}
export CCACHE_BASEDIR=$BUILD
export CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
export CCACHE_COMPILERCHECK=content

# Kernel build directory of one configuration variant.
kobj() { echo "$BUILD/kernel-$1"; }

pkg_version() { dpkg-query -W -f='${Version}' linux-source-6.12; }

die() { echo "error: $*" >&2; exit 1; }
log() { echo ">> $*" >&2; }

# Identity for commits the build makes: the user's git identity when set
# (it signs off the series), else a placeholder that says what made them.
git_id() {
	local name email
	name=$(git config --global user.name 2>/dev/null || echo "e1000e-rework build")
	email=$(git config --global user.email 2>/dev/null || echo "build@e1000e-rework.invalid")
	git -c user.name="${GIT_AUTHOR_NAME:-$name}" -c user.email="${GIT_AUTHOR_EMAIL:-$email}" \
	    -c core.fsync=none -c gc.auto=0 "$@"
}
