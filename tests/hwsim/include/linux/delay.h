/* SPDX-License-Identifier: GPL-2.0 */
/* hwsim shim: delays advance the simulator's virtual clock */
#ifndef _HWSIM_LINUX_DELAY_H
#define _HWSIM_LINUX_DELAY_H
void sim_delay_us(unsigned long us);
#define udelay(us) sim_delay_us(us)
#define mdelay(ms) sim_delay_us((ms) * 1000UL)
#define msleep(ms) sim_delay_us((ms) * 1000UL)
#define usleep_range(lo, hi) sim_delay_us(lo)
#endif
