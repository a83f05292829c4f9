/* scan a directory, pick files ending in ".dat" (suffix test with strlen/strcmp), read each to EOF in 1 KiB chunks, append to a merged output */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    DIR *d = opendir(argv[1]);
    if (!d) { perror(argv[1]); return 1; }
    FILE *out = fopen(argv[2], "wb");
    if (!out) return 1;
    struct dirent *e;
    char path[512], buf[1024];
    int nfiles = 0;
    while ((e = readdir(d)) != NULL) {
        if (!has_suffix(e->d_name, ".dat")) continue;
        snprintf(path, sizeof path, "%s/%s", argv[1], e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f) { perror(path); continue; }
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, f)) > 0)
            fwrite(buf, 1, n, out);
        fclose(f);
        nfiles++;
    }
    closedir(d);
    fclose(out);
    fprintf(stderr, "%d files\n", nfiles);
    return 0;
}
