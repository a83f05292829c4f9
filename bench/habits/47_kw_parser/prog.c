/* command file interpreter: keyword + integer per line, switch on the keyword */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kw { K_SET, K_ADD, K_PRINT, K_DUMP, K_UNKNOWN };

static enum kw lookup(const char *w)
{
    if (strcmp(w, "set") == 0) return K_SET;
    if (strcmp(w, "add") == 0) return K_ADD;
    if (strcmp(w, "print") == 0) return K_PRINT;
    if (strcmp(w, "dump") == 0) return K_DUMP;
    return K_UNKNOWN;
}

int main(int argc, char **argv)
{
    FILE *f = fopen(argc > 1 ? argv[1] : "cmds47.txt", "r");
    if (!f) {
        perror("open");
        return 1;
    }
    FILE *out = fopen(argc > 2 ? argv[2] : "out47.txt", "w");
    char line[256];
    long acc = 0, regs[16] = { 0 };
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *kw = strtok(line, " \t\n");
        if (!kw || kw[0] == '#')
            continue;
        char *arg = strtok(NULL, " \t\n");
        char *end = NULL;
        long v = arg ? strtol(arg, &end, 10) : 0;
        switch (lookup(kw)) {
        case K_SET: acc = v; break;
        case K_ADD: acc += v; break;
        case K_PRINT: fprintf(out, "%d: %ld\n", lineno, acc); break;
        case K_DUMP:
            for (int r = 0; r < 16; r++)
                regs[r] = acc + r;
            fwrite(regs, sizeof regs[0], 16, out);
            break;
        default: fprintf(stderr, "line %d: unknown %s\n", lineno, kw); break;
        }
    }
    fclose(f);
    fclose(out);
    return 0;
}
