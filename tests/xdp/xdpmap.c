// SPDX-License-Identifier: GPL-2.0
/* xdpmap: read or write one element of a loaded BPF map, found by name
 * (the newest map of that name), with the bpf() system call only, so the
 * guest needs no bpftool. Keys are u32; values u32 or u64 as the map says.
 *   xdpmap get NAME KEY         prints the value (sum over CPUs if per-CPU)
 *   xdpmap set NAME KEY VALUE   e.g. a devmap slot := ifindex; a devmap
 *                               resolves the ifindex in the caller's netns
 */
#include <errno.h>
#include <linux/bpf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static int find_map(const char *name, struct bpf_map_info *out)
{
	uint32_t id = 0;
	int best = -1;

	for (;;) {
		struct bpf_map_info info;
		union bpf_attr a;
		int fd;

		memset(&a, 0, sizeof(a));
		a.start_id = id;
		if (sys_bpf(BPF_MAP_GET_NEXT_ID, &a))
			break;
		id = a.next_id;
		memset(&a, 0, sizeof(a));
		a.map_id = id;
		fd = sys_bpf(BPF_MAP_GET_FD_BY_ID, &a);
		if (fd < 0)
			continue;
		memset(&info, 0, sizeof(info));
		memset(&a, 0, sizeof(a));
		a.info.bpf_fd = fd;
		a.info.info_len = sizeof(info);
		a.info.info = (uint64_t)(unsigned long)&info;
		if (!sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a) &&
		    !strncmp(info.name, name, sizeof(info.name))) {
			if (best >= 0)
				close(best);
			best = fd;
			*out = info;
		} else {
			close(fd);
		}
	}
	return best;
}

int main(int argc, char **argv)
{
	struct bpf_map_info info;
	union bpf_attr a;
	uint32_t key;
	int fd, ncpu = 1, percpu, i;
	uint64_t sum = 0;
	uint8_t *val;

	if (argc < 4 || (strcmp(argv[1], "get") && strcmp(argv[1], "set")) ||
	    (!strcmp(argv[1], "set") && argc < 5)) {
		fprintf(stderr, "usage: xdpmap get NAME KEY | set NAME KEY VALUE\n");
		return 2;
	}
	fd = find_map(argv[2], &info);
	if (fd < 0) {
		fprintf(stderr, "xdpmap: no map named %s\n", argv[2]);
		return 1;
	}
	key = strtoul(argv[3], NULL, 0);
	percpu = info.type == BPF_MAP_TYPE_PERCPU_ARRAY ||
		 info.type == BPF_MAP_TYPE_PERCPU_HASH;
	if (percpu)
		ncpu = sysconf(_SC_NPROCESSORS_CONF);
	val = calloc(ncpu, (info.value_size + 7) & ~7U);
	if (!val)
		return 1;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (uint64_t)(unsigned long)&key;
	a.value = (uint64_t)(unsigned long)val;
	if (!strcmp(argv[1], "set")) {
		uint64_t v = strtoull(argv[4], NULL, 0);

		if (percpu) {
			fprintf(stderr, "xdpmap: set on a per-CPU map\n");
			return 1;
		}
		memcpy(val, &v, info.value_size < 8 ? info.value_size : 8);
		a.flags = BPF_ANY;
		if (sys_bpf(BPF_MAP_UPDATE_ELEM, &a)) {
			fprintf(stderr, "xdpmap: update: %s\n", strerror(errno));
			return 1;
		}
		return 0;
	}
	if (sys_bpf(BPF_MAP_LOOKUP_ELEM, &a)) {
		fprintf(stderr, "xdpmap: lookup: %s\n", strerror(errno));
		return 1;
	}
	for (i = 0; i < ncpu; i++) {
		uint8_t *p = val + i * ((info.value_size + 7) & ~7U);
		uint64_t v = 0;

		memcpy(&v, p, info.value_size < 8 ? info.value_size : 8);
		sum += v;
	}
	printf("%llu\n", (unsigned long long)sum);
	return 0;
}
