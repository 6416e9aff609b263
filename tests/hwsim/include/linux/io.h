/* SPDX-License-Identifier: GPL-2.0 */
/* hwsim shim: MMIO goes to the register model */
#ifndef _HWSIM_LINUX_IO_H
#define _HWSIM_LINUX_IO_H
#include <linux/types.h>
u32 sim_readl(const volatile void *addr);
void sim_writel(u32 val, volatile void *addr);
#define readl(a) sim_readl(a)
#define writel(v, a) sim_writel(v, a)
#endif
