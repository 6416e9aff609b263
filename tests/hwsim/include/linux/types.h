/* SPDX-License-Identifier: GPL-2.0 */
/* hwsim shim: kernel integer types on top of the UAPI ones */
#ifndef _HWSIM_LINUX_TYPES_H
#define _HWSIM_LINUX_TYPES_H
#include_next <linux/types.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;

#define __iomem
#define READ_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#endif
