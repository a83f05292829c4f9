/* state-machine CSV parser over fgetc: quoted fields, escaped quotes, CRLF; writes fields of column COL one per line */
#include <stdio.h>
#include <stdlib.h>

enum state { FIELD_START, UNQUOTED, QUOTED, QUOTE_IN_QUOTED };

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    FILE *in = fopen(argv[1], "r");
    if (!in) return 1;
    FILE *out = fopen(argv[2], "w");
    if (!out) { fclose(in); return 1; }
    int want = atoi(argv[3]);
    char field[256];
    int len = 0, col = 0, c;
    long rows = 0;
    enum state st = FIELD_START;
    while ((c = fgetc(in)) != EOF) {
        int end_field = 0, end_row = 0;
        switch (st) {
        case FIELD_START:
            if (c == '"') { st = QUOTED; break; }
            st = UNQUOTED;
            /* fall through */
        case UNQUOTED:
            if (c == ',') end_field = 1;
            else if (c == '\n') end_field = end_row = 1;
            else if (c != '\r' && len < 255) field[len++] = (char)c;
            break;
        case QUOTED:
            if (c == '"') st = QUOTE_IN_QUOTED;
            else if (len < 255) field[len++] = (char)c;
            break;
        case QUOTE_IN_QUOTED:
            if (c == '"') { if (len < 255) field[len++] = '"'; st = QUOTED; }
            else if (c == ',') end_field = 1;
            else if (c == '\n') end_field = end_row = 1;
            break;
        }
        if (end_field) {
            field[len] = 0;
            if (col == want) { fputs(field, out); fputc('\n', out); }
            len = 0; col++; st = FIELD_START;
        }
        if (end_row) { col = 0; rows++; }
    }
    fclose(in);
    fclose(out);
    printf("%ld rows\n", rows);
    return 0;
}
