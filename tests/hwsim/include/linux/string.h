/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HWSIM_LINUX_STRING_H
#define _HWSIM_LINUX_STRING_H
#include <string.h>
#endif
