/* SPDX-License-Identifier: GPL-2.0 */
/* hwsim shim: a mutex that catches recursion and unbalanced unlocks */
#ifndef _HWSIM_LINUX_MUTEX_H
#define _HWSIM_LINUX_MUTEX_H
#include <assert.h>
struct mutex {
	int held;
};
#define mutex_init(m) ((m)->held = 0)
#define mutex_lock(m) do { assert(!(m)->held); (m)->held = 1; } while (0)
#define mutex_unlock(m) do { assert((m)->held); (m)->held = 0; } while (0)
#endif
