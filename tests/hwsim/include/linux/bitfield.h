/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HWSIM_LINUX_BITFIELD_H
#define _HWSIM_LINUX_BITFIELD_H
#define FIELD_PREP(m, v) \
	((__typeof__(m))(((unsigned long)(v) << __builtin_ctzl(m)) & (m)))
#define FIELD_GET(m, v) \
	((__typeof__(m))(((v) & (m)) >> __builtin_ctzl(m)))
#endif
