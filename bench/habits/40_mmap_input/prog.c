/* mmap of an input file, scan it in memory for records, write one summary line per record class with write() */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) return 1;
    struct stat st;
    if (fstat(fd, &st) < 0) { close(fd); return 1; }
    size_t len = (size_t)st.st_size;
    const char *p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) { close(fd); return 1; }
    close(fd);
    long counts[4] = { 0 };
    for (size_t i = 0; i < len; i++)
        if (p[i] == '\n' && i + 1 < len && p[i + 1] >= 'A' && p[i + 1] <= 'D') counts[p[i + 1] - 'A']++;
    int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0) { munmap((void *)p, len); return 1; }
    char line[64];
    for (int k = 0; k < 4; k++) {
        int n = snprintf(line, sizeof line, "%c %ld\n", 'A' + k, counts[k]);
        write(out, line, (size_t)n);
    }
    close(out);
    munmap((void *)p, len);
    return 0;
}
