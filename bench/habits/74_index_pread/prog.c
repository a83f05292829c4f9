/* file with a header {count}, an index table of count offsets, then variable-size records; each record read with pread at index[i], its first 16 bytes copied out */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) { perror(argv[1]); return 1; }
    uint64_t count;
    if (read(fd, &count, sizeof count) != sizeof count) return 1;
    uint64_t *index = malloc(count * sizeof *index);
    if (read(fd, index, count * sizeof *index) != (ssize_t)(count * sizeof *index)) return 1;
    FILE *out = fopen(argv[2], "wb");
    if (!out) return 1;
    char rec[16];
    for (uint64_t i = 0; i < count; i++) {
        if (pread(fd, rec, sizeof rec, (off_t)index[i]) != (ssize_t)sizeof rec) { fprintf(stderr, "bad record %lu\n", (unsigned long)i); continue; }
        fwrite(rec, 1, sizeof rec, out);
    }
    fclose(out);
    close(fd);
    free(index);
    return 0;
}
