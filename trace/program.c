/*
 * program.c - what `vidya trace` checks about the program before running
 * it: that it exists and can be executed, whether it is an ELF file that
 * LD_PRELOAD can reach (dynamically linked: it has a PT_INTERP program
 * header), and whether it carries DWARF (.debug_info / .debug_line), which
 * per-block attribution needs.  Scripts (#!) pass: their interpreter is
 * what gets traced.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vd_trace.h"

static int read_at(int fd, void *buf, size_t n, off_t off)
{
	return pread(fd, buf, n, off) == (ssize_t)n ? 0 : -1;
}

static void inspect_elf64(int fd, vd_program *p)
{
	Elf64_Ehdr eh;
	if (read_at(fd, &eh, sizeof eh, 0) != 0 || eh.e_phentsize != sizeof(Elf64_Phdr))
		return;
	p->is_static = 1;
	for (int i = 0; i < eh.e_phnum; i++) {
		Elf64_Phdr ph;
		if (read_at(fd, &ph, sizeof ph, (off_t)(eh.e_phoff + (Elf64_Off)i * sizeof ph)) !=
		    0)
			break;
		if (ph.p_type == PT_INTERP)
			p->is_static = 0;
	}
	Elf64_Shdr strsec;
	if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shstrndx == SHN_UNDEF ||
	    read_at(fd, &strsec, sizeof strsec,
		    (off_t)(eh.e_shoff + (Elf64_Off)eh.e_shstrndx * sizeof strsec)) != 0 ||
	    strsec.sh_size > (1u << 24))
		return;
	char *names = vd_xmalloc(strsec.sh_size + 1);
	if (read_at(fd, names, strsec.sh_size, (off_t)strsec.sh_offset) != 0) {
		free(names);
		return;
	}
	names[strsec.sh_size] = 0;
	for (int i = 0; i < eh.e_shnum; i++) {
		Elf64_Shdr sh;
		if (read_at(fd, &sh, sizeof sh, (off_t)(eh.e_shoff + (Elf64_Off)i * sizeof sh)) !=
		    0)
			break;
		if (sh.sh_name >= strsec.sh_size)
			continue;
		const char *n = names + sh.sh_name;
		if (!strcmp(n, ".debug_info") || !strcmp(n, ".debug_line") ||
		    !strcmp(n, ".zdebug_info"))
			p->has_debug = 1;
	}
	free(names);
}

int vd_program_inspect(const char *path, vd_program *p)
{
	memset(p, 0, sizeof *p);
	struct stat st;
	if (stat(path, &st) != 0) {
		vd_error_set("%s: %s", path,
			     errno == ENOENT ? "command not found" : strerror(errno));
		return VD_ENOTFOUND;
	}
	if (!S_ISREG(st.st_mode) || access(path, X_OK) != 0) {
		vd_error_set("%s: not an executable file", path);
		return VD_ERROR;
	}
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		vd_error_set("%s: %s", path, strerror(errno));
		return VD_ERROR;
	}
	unsigned char id[EI_NIDENT];
	if (read_at(fd, id, sizeof id, 0) == 0 && !memcmp(id, ELFMAG, SELFMAG)) {
		p->is_elf = 1;
		if (id[EI_CLASS] == ELFCLASS64)
			inspect_elf64(fd, p);
		else
			p->has_debug = 1; /* 32-bit: not inspected, assume the best */
	} else if (read_at(fd, id, 2, 0) == 0 && id[0] == '#' && id[1] == '!') {
		p->is_script = 1;
	}
	close(fd);
	return 0;
}
