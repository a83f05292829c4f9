/* command interpreter: fgets script lines, strtok first word, table of {name, handler}, handlers parse args with strtol */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

static int fd = -1;
static char buf[1 << 16];

static int cmd_open(char *a)  { fd = open(a, O_RDWR | O_CREAT | O_TRUNC, 0644); return fd < 0; }
static int cmd_write(char *a) { long n = strtol(a, NULL, 10); return write(fd, buf, n) != n; }
static int cmd_seek(char *a)  { return lseek(fd, strtol(a, NULL, 10), SEEK_SET) < 0; }
static int cmd_read(char *a)  { long n = strtol(a, NULL, 10); return read(fd, buf, n) < 0; }
static int cmd_close(char *a) { (void)a; return close(fd); }

static const struct { const char *name; int (*fn)(char *); } cmds[] = {
    {"open", cmd_open}, {"write", cmd_write}, {"seek", cmd_seek}, {"read", cmd_read}, {"close", cmd_close},
};

int main(int argc, char **argv)
{
    FILE *s = fopen(argc > 1 ? argv[1] : "script.txt", "r");
    if (!s) return 1;
    char line[256];
    int lineno = 0, errors = 0;
    while (fgets(line, sizeof line, s)) {
        lineno++;
        char *cmd = strtok(line, " \t\n");
        if (!cmd || cmd[0] == '#') continue;
        char *arg = strtok(NULL, " \t\n");
        size_t i;
        for (i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
            if (!strcmp(cmds[i].name, cmd)) break;
        if (i == sizeof cmds / sizeof cmds[0]) { fprintf(stderr, "%d: unknown %s\n", lineno, cmd); errors++; continue; }
        if (cmds[i].fn(arg ? arg : "")) { fprintf(stderr, "%d: %s failed\n", lineno, cmd); errors++; }
    }
    fclose(s);
    return errors != 0;
}
