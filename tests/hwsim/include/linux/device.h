/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HWSIM_LINUX_DEVICE_H
#define _HWSIM_LINUX_DEVICE_H
#include <stdio.h>
struct device {
	int verbose;
};
#define dev_dbg(d, fmt, ...) \
	do { if ((d) && (d)->verbose) fprintf(stderr, "dbg: " fmt, ##__VA_ARGS__); } while (0)
#endif
