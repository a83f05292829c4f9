/* reads a list of file names (one per line) and sums the bytes of each with read() */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

static long process(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        perror(path);
        return -1;
    }
    char buf[8192];
    long sum = 0;
    ssize_t r;
    while ((r = read(fd, buf, sizeof buf)) > 0)
        for (ssize_t i = 0; i < r; i++)
            sum += (unsigned char)buf[i];
    close(fd);
    return sum;
}

int main(int argc, char **argv)
{
    FILE *list = fopen(argc > 1 ? argv[1] : "list50.txt", "r");
    if (!list) {
        perror("list");
        return 1;
    }
    char name[512];
    int nfiles = 0;
    while (fgets(name, sizeof name, list)) {
        name[strcspn(name, "\n")] = '\0';
        if (name[0] == '\0')
            continue;
        long s = process(name);
        printf("%s %ld\n", name, s);
        nfiles++;
    }
    fclose(list);
    fprintf(stderr, "%d files\n", nfiles);
    return 0;
}
