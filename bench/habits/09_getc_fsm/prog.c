/* tokenizer: for(;;) getc with break on EOF, static state machine, switch with stacked labels + fallthrough, putc output */
#include <stdio.h>
#include <ctype.h>

enum st { OUT, WORD, NUM };
static enum st state = OUT;
static long words, nums;

static void feed(int c, FILE *o)
{
    switch (state) {
    case OUT:
        if (isalpha(c)) { state = WORD; words++; }
        else if (isdigit(c)) { state = NUM; nums++; }
        else break;
        /* fallthrough */
    case WORD:
    case NUM:
        if (isalnum(c)) putc(toupper(c), o);
        else { putc('\n', o); state = OUT; }
        break;
    }
}

int main(int argc, char **argv)
{
    FILE *in = fopen(argc > 1 ? argv[1] : "text.txt", "r");
    FILE *o = fopen(argc > 2 ? argv[2] : "tokens.txt", "w");
    if (!in || !o) return 1;
    for (;;) {
        int c = getc(in);
        if (c == EOF) break;
        feed(c, o);
    }
    fclose(in);
    fclose(o);
    printf("words=%ld nums=%ld\n", words, nums);
    return 0;
}
