// SPDX-License-Identifier: GPL-2.0
/*
 * Instruction profile by translation block, a QEMU TCG plugin (plugin API
 * version 1, QEMU 7.2): counts the executions of each translated block and
 * at exit writes one line per block, "vaddr instructions executions", to
 * out=PATH. Under -icount every guest instruction is one tick of virtual
 * time, so instructions per MB are what bounds throughput there.
 * Counting is an inline add, exact only with single-threaded TCG.
 * The few API calls used are declared here (Debian ships no plugin
 * header), from the plugin API's documented signatures.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*tb_trans_cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*udata_cb)(qemu_plugin_id_t id, void *userdata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, tb_trans_cb cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
					      enum qemu_plugin_op op,
					      void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, udata_cb cb,
				    void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

struct rec { uint64_t vaddr, n, count; struct rec *next; };
#define NB (1u << 20)
static struct rec **tab;
static const char *outpath = "/tmp/tbprof.out";

static void trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t va = qemu_plugin_tb_vaddr(tb), n = qemu_plugin_tb_n_insns(tb);
	unsigned int h = (unsigned int)((va * 0x9e3779b97f4a7c15ull ^ n) >> 44) & (NB - 1);
	struct rec *r;

	for (r = tab[h]; r; r = r->next)
		if (r->vaddr == va && r->n == n)
			break;
	if (!r) {
		r = calloc(1, sizeof(*r));
		r->vaddr = va; r->n = n; r->next = tab[h]; tab[h] = r;
	}
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &r->count, 1);
}

static void done(qemu_plugin_id_t id, void *u)
{
	FILE *f = fopen(outpath, "w");
	unsigned int i;
	struct rec *r;

	if (!f)
		return;
	for (i = 0; i < NB; i++)
		for (r = tab[i]; r; r = r->next)
			if (r->count)
				fprintf(f, "%llx %llu %llu\n",
					(unsigned long long)r->vaddr,
					(unsigned long long)r->n,
					(unsigned long long)r->count);
	fclose(f);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++)
		if (!strncmp(argv[i], "out=", 4))
			outpath = argv[i] + 4;
	tab = calloc(NB, sizeof(*tab));
	qemu_plugin_register_vcpu_tb_trans_cb(id, trans);
	qemu_plugin_register_atexit_cb(id, done, NULL);
	return 0;
}
