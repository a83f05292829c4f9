/* reads a whole file into memory (fseek to the end, ftell, rewind, one fread), counts words, writes a summary */
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>

static char *slurp(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0) {
        fclose(f);
        return NULL;
    }
    long n = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)n + 1);
    if (!buf) {
        fclose(f);
        return NULL;
    }
    if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        fclose(f);
        return NULL;
    }
    buf[n] = '\0';
    fclose(f);
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return 2;
    long len = 0;
    char *text = slurp(argv[1], &len);
    if (!text) {
        perror(argv[1]);
        return 1;
    }
    long words = 0;
    int in = 0;
    for (long i = 0; i < len; i++) {
        if (isspace((unsigned char)text[i]))
            in = 0;
        else if (!in) {
            in = 1;
            words++;
        }
    }
    FILE *o = fopen(argv[2], "w");
    if (!o)
        return 1;
    fprintf(o, "%ld bytes %ld words\n", len, words);
    fwrite(text, 1, (size_t)(len < 4096 ? len : 4096), o);
    fclose(o);
    free(text);
    return 0;
}
