/* fgets with a small buffer on long lines (line continuation via strchr '\n'), count full lines, write lengths */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int bufsz = argc > 2 ? atoi(argv[2]) : 64;
    char *buf = malloc(bufsz);
    FILE *f = fopen(argv[1], "r");
    FILE *o = fopen("lens.txt", "w");
    if (!f || !o) return 1;
    long cur = 0, lines = 0;
    while (fgets(buf, bufsz, f)) {
        size_t n = strlen(buf);
        cur += n;
        if (n > 0 && buf[n - 1] == '\n') {
            fprintf(o, "%ld\n", cur - 1);
            cur = 0;
            lines++;
        }
    }
    fclose(f); fclose(o);
    printf("%ld\n", lines);
    free(buf);
    return 0;
}
