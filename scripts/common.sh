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
VARIANTS="mod builtin regress"
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

# Identity for commits made by the build (the branch is regenerated, so the
# committer is the build; authors come from the patch files).
git_id() {
	git -c user.name="${GIT_AUTHOR_NAME:-e1000e-rework build}" \
	    -c user.email="${GIT_AUTHOR_EMAIL:-build@e1000e-rework.invalid}" \
	    -c core.fsync=none -c gc.auto=0 "$@"
}
