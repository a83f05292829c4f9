/* chunked copy with a progress line each time the percentage crosses a 10 % step (pct / 10 != last) */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    FILE *in = fopen(argv[1], "rb");
    FILE *out = fopen(argv[2], "wb");
    if (!in || !out) return 1;
    size_t chunk = (size_t)atol(argv[3]);
    struct stat st;
    if (stat(argv[1], &st) != 0) return 1;
    long total = st.st_size, done = 0;
    int last = -1;
    char *buf = malloc(chunk);
    size_t r;
    while ((r = fread(buf, 1, chunk, in)) > 0) {
        fwrite(buf, 1, r, out);
        done += (long)r;
        int pct = (int)(done * 100 / total);
        if (pct / 10 != last) {
            last = pct / 10;
            fprintf(stderr, "\r%3d%%", pct);
            fflush(stderr);
        }
    }
    fputc('\n', stderr);
    free(buf);
    fclose(in);
    fclose(out);
    return 0;
}
