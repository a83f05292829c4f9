/*
 * eval.c - the evaluated walk over the PDG.
 *
 * An abstract interpreter over the IR: it runs the program once, from the
 * entry point, with values that are either known (integers, floats,
 * strings, file handles, HDF5 dataspaces, datatypes, arrays such as argv)
 * or unknown - and an unknown value carries taints that matter for I/O
 * (derived from rand(), from array indirection, varying per loop
 * iteration).  Loops are not iterated: a loop's trip count is computed
 * from its canonical form (or assumed, and marked so) and its body is
 * walked once with the dynamic multiplier scaled by it.  Calls into the
 * project are unrolled in their calling context (depth cap, recursion
 * detected).  Conditions that evaluate to constants keep only their live
 * arm; others walk both arms as "conditional".  What one run does is
 * reported to a vd_visitor; the walk never prints.
 */
#define _GNU_SOURCE
#include <assert.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "project.h"
#include "vd_getopt.h"
#include "vd_scan.h"
#include "vd_sciinput.h"

/* ---- values ------------------------------------------------------------------------ */

enum { V_UNK, V_INT, V_FLT, V_STR, V_HANDLE, V_FUNC, V_SPACE, V_TYPE, V_ARR, V_REF, V_MEM, V_FOFF };
/* V_FOFF: a pointer to a byte offset in a struct's storage, `(char *)o +
 * offsetof(struct opts, bs)` with o pointing at a struct variable: ref and
 * i as V_REF's, f the offset in bytes (see foff_slot) */
/* Taints of a value.  T_OK: it rests on an I/O or allocation call having
 * succeeded (a test of it is an error-path test).  T_NZ / T_NN: facts about
 * an unknown value - non-zero (a non-NULL pointer), non-negative (a byte
 * count) - that hold for this value only, not for what is computed from it. */
enum {
	T_RAND = 1,
	T_VARY = 2,
	T_INDIRECT = 4,
	T_OK = 8,
	T_NZ = 16,
	T_NN = 32,
	T_RANK = 64,
	T_ASSUMED = 128,
	T_CALLRES = 256,
	T_MEAN = 512,
	T_ARMW = 1024,
	T_PTRUE = 2048,
	T_BUF = 4096,
	T_BUFOFF = 8192,
	T_CLOCK = 16384, /* read from a clock (time, MPI_Wtime), or computed from one */
	T_SLEN = 32768,
	T_EXPECT = 65536,
	T_ARMP = 131072,
	T_FORK = 262144,
	T_RETW = 524288
};
/* T_RETW: returned by a call after one of its branches was decided by a
 * value one walk of a loop or an arm left (T_ARMW, flag_stepped_decided):
 * the caller's tests of it are flagged as that decision was */
/* T_EXPECT: an unknown number whose expected value is in val.f: the
 * length of a string whose text is unknown (strlen: the snprintf estimate
 * T_SLEN carries, else a typical string's) - what a buffer-fill test
 * (fill_prob) may count with, never a value a branch is decided by */
/* T_SLEN: an unknown string of known expected length, in val.f: what
 * snprintf of unknown parts left in a buffer (`snprintf(line, .., "event
 * %08ld\n", i); fputs(line, f)` writes 15 bytes a call whatever i is) */
/* T_BUF: an unknown pointer into an array of known size whose elements
 * the walk does not keep (`uch window[65536]`), its bytes in val.f;
 * T_BUFOFF: at an unknown offset in it (see buf_arith, buf_read_bytes) */
/* T_ARMW: a struct field's value one arm of a branch whose condition is
 * unknown stored (the paths through the other arms may have left it as it
 * was: fields keep the arm's value, they are not merged as variables are) */
/* T_ARMP: with T_ARMW on an integer, val.f is the chance that the field
 * holds this value where it is read (the storing arm's probability, see
 * taint_arm_fields); a branch decided by it takes its arms with that
 * chance (armw_odds) */
/* T_PTRUE: an unknown value whose chance of being non-zero is known, in
 * val.f: what a function returns when its returns are known values on arms
 * of known probability (`return true` on an error arm taken 0.10 of the
 * time, `return false` at the end), see ret_odds() */
/* T_FORK: computed from what fork() returned - 0 in the child, the
 * child's pid in the parent (see fork_odds) */
/* T_MEAN: an expected value, an average over calls (a read-to-the-end
 * loop's share of the file per read): a cast to an integer type keeps its
 * fraction, so that the calls that use it add up to the whole */
/* T_CALLRES: an unknown value a call returned (a status, a count) */
/* T_ASSUMED: the value was assumed (--assume-trip) for an unknown loop bound;
 * every count and size computed from it rests on that one assumption */
/* T_RANK: this process's MPI rank (0 .. P14 - 1, each equally likely) */
#define T_FACTS (T_NZ | T_NN | T_RANK | T_PTRUE | T_BUF | T_BUFOFF | T_SLEN | T_EXPECT | T_ARMP)

typedef struct val val;
typedef struct arr {
	int n;
	val *v;
	int level;          /* frame level it belongs to (-1: global), for side effects */
	val *text;          /* a string a callee wrote into it through a pointer, see store_text */
	struct arr *elems;  /* a heap object's elements written through a pointer (mem_slot) */
	const char **names; /* a struct read whole: its fields by name (struct_whole), or NULL */
	val *whole;         /* with names: the struct's value besides them */
} arr;

/* Elements are allocated on the first write: a local buffer that is only
 * handed to read() or write() never needs them. */
#define ARR_AT(a, i) ((a)->v ? (a)->v[i] : unk(0))

typedef struct frame frame;

/* A buffer of the program's own holding a string (a copy strcpy, fgets or
 * an initialized char array made): the program may change it in place,
 * `*eq = '\0'` cutting it, and pointers move within it both ways. */
typedef struct strbuf {
	char *lo;
	size_t len; /* its length when made: a '\0' written later does not shrink it */
} strbuf;

#define ARR_SMALL 64 /* local arrays up to this length keep their values */
/* an initialized array up to this length has all its elements (those past
 * the initializer's zero) */
#define INIT_PAD_MAX 4096

struct val {
	int k;
	unsigned t;
	long long i;
	double f; /* V_FLT; V_SPACE points; V_TYPE size; V_MEM bytes */
	const char *s;
	int h;             /* V_HANDLE */
	ir_func *fn;       /* V_FUNC */
	const char *fname; /* V_FUNC of a library function */
	arr *a;            /* V_ARR; V_MEM: the heap object's fields (heap_object), or NULL;
			    * V_STR: the caller's array it was read from (store_text) */
	val *ref;          /* V_REF, V_FOFF: the referenced storage; i is the serial of
			 * the frame holding it (0: a global), see ref_live() */
	const strbuf *own; /* V_STR: the program's own buffer holding it, or NULL */
};

typedef struct field_val field_val;
typedef VD_VEC(field_val) fieldvec;

struct field_val {
	val *owner; /* storage of the struct variable */
	const char *field;
	val v;
	long long off; /* the field's byte offset, -1 not known yet */
};

struct frame {
	ir_func *fn;
	val *slots;
	int nslots;
	val ret;
	int has_ret;
	int returned;
	int cond0;
	double live;              /* share of the call's entries still running here (returns
			 * under a condition take the rest away) */
	int level;                /* index in the frame stack */
	frame *up;                /* the caller's frame */
	fieldvec fields;          /* struct members of its locals */
	VD_VEC(arr *) arrs;       /* its local arrays with elements, recycled on return */
	unsigned long serial;     /* unique per call: pointers into it die with it */
	unsigned char *esc;       /* per slot: its address was taken (&v), so a
			       * store through an unknown pointer may change it */
	int gotos;                /* gotos walked in this call */
	int guessed;              /* branches of this call whose condition was
			       * unknown (their arms weighted), so far */
	int jump;                 /* returned == 2: the line of the label a goto
			       * certain to run jumps to (goto_label) */
	const ir_stmt *jump_body; /* ... in this loop body (loop_label_body), NULL:
				   * in the function's body */
	double mult0;             /* the multiplier the call was entered with */
	int rep0;                 /* c->rep when it was entered */
	double ret_mass[3];       /* shares of the entries returning 0, non-zero, unknown */
	size_t flog0;             /* the field-write log's length when the call began */
	/* parameters the caller passed the counter of one of its counted
	 * loops (`put(f, i)` in `for (i = 0; i < n; i++)`), never assigned
	 * in the body: a test of one is counted over that loop's iterations
	 * (counter_avg), as a test of the counter itself is */
	struct {
		ir_var *param;
		size_t loop; /* index in c->loops */
	} ctr[4];
	int nctr;
	int flagged; /* branches of this call decided by a value one walk of a
			       * loop or an arm left (flag_armw_decided,
			       * flag_stepped_decided), so far */
};

typedef struct handle {
	int file;     /* index into p->files, -1 none */
	int per_exec; /* a different file on every execution */
	const char *path;
	int sync;        /* O_SYNC/O_DSYNC */
	int direct;      /* O_DIRECT */
	int rand_pos;    /* last seek was random */
	int at_end;      /* the last seek went to the end (offset 0, SEEK_END): end_offset */
	double npoints;  /* HDF5 dataset/attribute points, -1 unknown */
	double tsize;    /* its datatype size, -1 unknown */
	const char *obj; /* HDF5 object path inside the file ("" = root), NULL unknown */
	int rank;        /* NetCDF variable: number of dimensions, -1 unknown */
	int collective;  /* NetCDF-4 variable set to collective access (nc_var_par_access) */
	/* an input stream read at analysis time (content_open): its text,
	 * where the program's reads have got to (-1: not followed), whether
	 * one hit the end, and the multiplier and branch level it was opened
	 * at (a read walked at another one is not one concrete execution) */
	const char *ctext;
	long clen, cpos;
	int ceof, ccond;
	double cmult;
	/* a NetCDF input read at analysis time (sciinput.c): its library id + 1
	 * (0: none), and for a variable of it its id + 1 */
	int sci_nc, sci_var;
	long long sci_h5; /* an HDF5 input's library file id, 0 none */
	/* a regular file opened for reading only that exists now (read_budget):
	 * its size (-1: not tracked), the open's multiplier, and what the
	 * sequential reads of all its openings have taken so far - bytes and
	 * the reads that found its end */
	double rsize, rmult, rdone, reofs;
	double rpeek;  /* bytes the last read of one byte took from the budget: an
			* ungetc gives them back */
	double rbytes; /* bytes read through it so far (known sizes, x multiplier) */
	int rdonly;    /* opened for reading only (open_result): its writes fail */
} handle;

static const handle handle_none = {
	.file = -1, .npoints = -1, .tsize = -1, .rank = -1, .cpos = -1, .rsize = -1
};

/* a field write while the arms of a branch are walked: the field is
 * list->v[idx] (list NULL once its frame has returned) or a heap object's
 * slot */
typedef struct fwrite {
	fieldvec *list;
	size_t idx;
	val *slot;
	val old;
} fwrite_t;

typedef struct gwrite {
	int slot;
	val old;
} gwrite;

/* Gotos under unknown conditions that jump forward to a label: a
 * frame's exits to one label (serial, target line; target 0 once joined)
 * and the fields written after the first of them, with the merge of what
 * they held at those exits (see join_exit) */
typedef struct jpend {
	unsigned long serial;
	int level;
	int target;
	double share; /* of the frame's entries, summed over the gotos (each at most 1) */
} jpend;

typedef struct jrec {
	size_t pend; /* index in ctx.jpend */
	fwrite_t at;
	val acc;
} jrec;

/* a write to a caller's variable through a pointer (`*err = BZ_OK`) */
typedef struct rwrite {
	val *st;
	val old;
} rwrite;

typedef struct wdelta {
	int file;
	double bytes;
	int append; /* every write of it went on at the end of a file of known size */
} wdelta;

#define MAX_NOTES 4
/* a safety net against call trees too large to unroll */
#define EVAL_STEP_BUDGET 50000000L
/* a call a `for (;;)` loop run iteration by iteration makes (see
 * FOREVER_STEPS) walks at most this many steps, its subtree included:
 * past them the subtree's calls are cut (flagged, walked on their own
 * later), and the loop's other calls - the read, the write - still walk.
 * A codec's call tree (liblzma's lzma_code, whose coder is reached through
 * a table of every encoder and decoder) would else spend the whole
 * evaluation budget on the loop's first iteration. */
#define ITER_CALL_STEPS 200000L
/* Functions a budget cut left unwalked from the entry (phase 3): each is
 * walked on its own within a share of UNREACHED_BUDGET (a quarter of what
 * is left of it) and at least UNREACHED_FLOOR steps.  Code the entry does
 * not reach (phase 2): every such function is walked on its own within
 * UNREACHED_EACH steps, from the state the entry's walk left (state_save),
 * independent of the others.  Neither is part of the program's totals;
 * on large libraries (HDF5: 4000 such functions) phase 2 was 90 % of the
 * walk when each got 200000. */
#define UNREACHED_BUDGET (EVAL_STEP_BUDGET / 5)
#define UNREACHED_FLOOR 20000L
#define UNREACHED_EACH 20000L

typedef struct loopctx {
	ir_var *v; /* the counter */
	double start, step, trip;
	int mul;       /* v *= step */
	frame *fr;     /* the frame it lives in */
	ir_stmt *body; /* the loop's body (counter_derived) */
} loopctx;

/* A global that the program only ever counts up by constants (`nflush++`,
 * `nerr += 1`): what it holds on average is its start plus the expected
 * executions of its increments walked so far (evcount_add). */
typedef struct evcount {
	int slot;    /* the global's slot */
	int counter; /* every write to it in the project is such an increment */
	double base; /* its value at the first increment walked (NAN: unknown) */
	double acc;  /* expected increase since then */
} evcount;

/* The strings a pointer variable's elements hold when the walk cannot say
 * which element is which (`lines[n++] = strdup(buf)` in a loop walked
 * once): their expected length, weighted by how often each store runs
 * (see elem_text_store). */
typedef struct elemtext {
	const ir_var *var;
	double sum, w; /* sum of lengths x executions, and of executions */
	int bad;       /* something other than a string of known length was stored */
} elemtext;

/* A loop being walked once for `trip` iterations, with what the variables
 * it writes held before it (change_prob) */
typedef struct onceloop {
	ir_stmt *s;
	frame *fr;
	double trip;
	ir_var **vars; /* loop_writes' list (not owned) */
	val *pre;      /* their values before the loop (owned) */
	size_t n;
} onceloop;

/* A pointer variable the program sets only from an open or an allocation
 * (`cur = fopen(name, "w")`), and the expected number of such stores walked
 * since its first test (lazy_null) */
typedef struct lazyptr {
	const ir_var *var;
	int ok; /* every store into it in the project is such a call's result */
	double writes;
} lazyptr;

typedef struct conc_loop {
	const ir_stmt *s;
	int cond;
	const struct frame *fr;
} conc_loop;

typedef struct seen_if {
	const ir_stmt *s;
	double taken, n;
} seen_if;

typedef struct ctx {
	vd_project *p;
	const vd_visitor *v;
	vd_arena *a;
	frame *fr;
	ir_expr *call_e; /* the call whose callee starts next (call_body takes it) */
	val *globals;
	int *gscratch;   /* per global slot: -1, or an index while deduplicating */
	fieldvec fields; /* struct members of globals and of anything else */
	long npaths;     /* members kept by path ("o.f", nested_path) made so far */
	VD_VEC(handle) handles;
	int nc_inputs; /* NetCDF inputs open in the library (sciinput.c) */
	int nc_made;   /* NetCDF files the program created (nc_create*: not inputs) */
	int h5_inputs; /* HDF5 inputs open in the library (h5_answer) */
	int h5_io;     /* h5_answer answered with the catalog's model (io_call) */
	int out_arg;   /* evaluating `&local` written as a call's argument (out_param_arg) */
	int call_args_project; /* evaluating the arguments of a call to project code */
	ir_expr *nc_call;      /* the NetCDF inquiry call being answered (nc_inq_answer) */
	double mult;
	int cond;
	unsigned unk;
	const char *notes[MAX_NOTES];
	int nnotes;
	int depth;
	double ops;
	long steps;
	long zero_fills;   /* memset(p, 0, n) calls walked so far ... */
	double zero_bytes; /* ... and the last one's n (user_alloc_result) */
	long step_limit;   /* steps at which the call tree being walked is cut: the
			  * budget, halved for each of main's calls and their
			  * calls, so that one subtree cannot starve the rest */
	int phase;
	int *vphase; /* the visitor's view of the phase */
	int budget_noted;
	/* the frame of a `for (;;)` loop run iteration by iteration
	 * (exec_concrete_run) or walked for its stream rest, whose calls get
	 * ITER_CALL_STEPS each, and the step_limit such a call set (0: none) */
	frame *iter_fr;
	long call_cap;
	unsigned long iter_cuts; /* calls of such a loop whose walk was cut (call_function) */
	double *drained;         /* per loop block: iterations it ran before its test came to
				  * rest on a cut codec's buffers (drain_rest), 0 none */
	int early_exit;          /* set by trip_count: the loop may leave before its bound */
	int forked;              /* walking the arm a fork's child takes (fork_odds): each
				  * child is a run of its own, and ends as often as it starts */
	int assumed_trip;        /* set by trip_count: its count rests on an assumed value */
	ir_var *assumed_var;     /* ... which trip_count has just assumed */
	val stmt_val;            /* value of the last expression statement (E_STMT) */
	/* counted loops being walked, innermost last: a condition on their
	 * counter (`i % k == 0`) is counted exactly */
	VD_VEC(struct loopctx) loops;
	const char *toggle_usr; /* the flag whose test's arms are walked (toggled_test) */
	/* an option loop being run with --args: the getopt call and what it
	 * returns next (NULL: -1, the options are over) */
	ir_expr *gopt_call;
	const vd_optev *gopt_next;
	const vd_longopt *gopt_long;
	/* loops run iteration by iteration (exec_concrete_loop): a break or
	 * continue at the innermost one's level ends its iteration */
	int brk;        /* 1 break, 2 continue, pending */
	int conc_depth; /* concrete loops under way */
	int conc_argv;  /* ... the outermost of them an option loop over argv */
	/* those loops, innermost last, with the decision level and frame of
	 * their passes (a goto to a label of one's body, see S_GOTO) */
	VD_VEC(struct conc_loop) conc_stack;
	int conc_cond, conc_loops, conc_switches; /* the innermost one's levels */
	frame *conc_fr;
	int conc_soft;                /* a break under an unknown condition was passed */
	int loop_depth, switch_depth; /* loops and decided switches being walked */
	/* the --args words, and which the program's code read */
	const char **argv_words;
	size_t *argv_len; /* their lengths as given (a '\0' the program
				* writes into one does not shorten its storage) */
	char *argv_read;
	int nargv;
	const arr *argv_arr; /* argv's array (--args), see argv_parser_cond */
	/* writes to globals while a branch or loop is walked (undo log), so
	 * that what callees write in one arm can be merged with the others */
	VD_VEC(struct gwrite) glog;
	int glog_on;
	/* writes through pointers to the variables of frames below the one
	 * whose branch arms are being walked (`*err = X; return` in an arm):
	 * merged over the arms as globals are; rlog_floor is that frame's
	 * level (0: no arms under way, main's frame has nothing below) */
	VD_VEC(struct rwrite) rlog;
	int rlog_floor;
	/* the same for struct fields (field_slot entries, heap objects' fields)
	 * while the arms of a branch are walked: an arm that returns has its
	 * writes undone */
	VD_VEC(struct fwrite) flog;
	int flog_on;
	/* fields at the labels forward gotos under unknown conditions jump to
	 * (join_exit) */
	VD_VEC(struct jpend) jpend;
	VD_VEC(struct jrec) jrec;
	size_t flog_arm0; /* where the arm being walked began in the log */
	/* call summaries: memo table, and what recording needs to know */
	vd_map *memo;         /* key -> memo_entry */
	vd_map *interned;     /* note text -> one pointer */
	unsigned long gver;   /* bumped by every write to a global */
	int fx_min;           /* lowest frame level written since the innermost recording began */
	unsigned long cuts;   /* calls not unrolled */
	unsigned long capped; /* multipliers capped by exit paths */
	unsigned long hfx;    /* handle state changed (seeks) */
	VD_VEC(struct wdelta) wlog; /* bytes written per file while recording */
	int recording;
	unsigned long memo_hits, memo_calls;
	/* element buffers of dead frames' arrays, by length (1..ARR_SMALL):
	 * a function called a million times must not leave a million copies
	 * of its local arrays in the arena */
	val *free_elems[ARR_SMALL + 1];
	unsigned long nframes; /* frames entered so far: the next serial */
	/* the read of a read-to-the-end loop under way (eof_loop_trip): its
	 * calls move eof_bytes in all, per entry of the loop (eof_reach) */
	const ir_expr *eof_call;
	double eof_bytes, eof_reach, eof_trip;
	int rep; /* loops being walked once for many iterations (heap_object) */
	/* the decisions of `if`s in the passes of loops run one by one
	 * (seen_note), for the rest of such a loop walked once (seen_odds) */
	VD_VEC(struct seen_if) seen;
	int seen_rest;    /* walking such a rest: the decisions seen count */
	frame *stream_fr; /* the frame of a stream loop's rest being walked (stream_rest) */
	int eof_final;    /* walking its last call, the one that finds the end */
	struct note_slot *note_cache; /* NOTE_CACHE slots, see note_at() */
	vd_map *gwrites;              /* function USR -> the globals it writes (func_globals) */
	vd_map *contents;             /* path -> content_file: inputs read at analysis time */
	vd_map *nc_answered;     /* name -> ir_func: variable reads answered (flag_answered_read) */
	vd_map *wtexts;          /* path -> wtext: text files the run writes, see wtext */
	const char *strtok_rest; /* strtok's saved place (NULL: none) */
	val *ctype_tables[3];    /* glibc's <ctype.h> tables (lib_ctype_table) */
	struct wcache_ent *wcache; /* statement -> the variables it writes (stmt_writes) */
	size_t wcache_cap, wcache_n;
	unsigned long unreached_cuts; /* calls cut walking unreachable code (phase 2) */
	VD_VEC(uintptr_t) once_keys;  /* the wcache's WC_ONCE_RAN entries */
	vd_map *fsteps;               /* function USR / loop -> the fields it steps (func_steps) */
	VD_VEC(ir_stmt *) once_loops; /* loops being walked once for many iterations */
	VD_VEC(struct evcount) evcounts;   /* global event counters (evcount_add) */
	VD_VEC(struct elemtext) elemtexts; /* strings kept in pointer arrays (elem_text_store) */
	VD_VEC(struct onceloop) chg_loops; /* loops walked once, innermost last (change_prob) */
	VD_VEC(struct lazyptr) lazyptrs;   /* handles opened on demand (lazy_null) */
	double shm_bytes;                  /* the size the last shmget asked for, -1 unknown */
	/* during the walks of unreached code: the roots of the saved state
	 * each walk used (state_restore puts back only what they lead to) */
	unsigned char *root_used; /* per global slot, then the globals' fields */
} ctx;

/* Elements for `a` (zeroed), from the dead frames' buffers when one of that
 * length is free.  An array of a function's frame is remembered by that
 * frame, which returns the buffer when the call ends. */
static val *arr_elems(ctx *c, arr *a)
{
	int n = a->n > 0 ? a->n : 1;
	val *v = NULL;
	if (n <= ARR_SMALL && c->free_elems[n]) {
		v = c->free_elems[n];
		c->free_elems[n] = v->ref;
		memset(v, 0, (size_t)n * sizeof(val));
	} else {
		v = vd_arena_alloc(c->a, (size_t)n * sizeof(val));
	}
	if (!v || a->level < 0 || n > ARR_SMALL)
		return v;
	frame *f = c->fr;
	while (f && f->level > a->level)
		f = f->up;
	if (f && f->level == a->level && vd_vec_push(f->arrs, a) != 0)
		return v; /* not remembered: the buffer stays in the arena */
	return v;
}

/* The call of frame `f` ended: its arrays are dead (a pointer to one that
 * outlives the call is undefined behaviour in C; here it reads unknown). */
static void release_arrs(ctx *c, frame *f)
{
	for (size_t i = 0; i < f->arrs.n; i++) {
		arr *a = f->arrs.v[i];
		if (!a->v)
			continue;
		a->v->ref = c->free_elems[a->n > 0 ? a->n : 1];
		c->free_elems[a->n > 0 ? a->n : 1] = a->v;
		a->v = NULL;
		a->n = 0;
	}
	vd_vec_free(f->arrs);
}

static const unsigned COUNT_BITS = (1u << 0) | (1u << 1) | (1u << 2) | (1u << 3) | (1u << 4) |
				   (1u << 5) | (1u << 6) | (1u << 7) | (1u << 11) | (1u << 12);

#define P_BIT(n) (1u << ((n)-1))

static val unk(unsigned t)
{
	val v = { 0 };
	v.k = V_UNK;
	v.t = t;
	return v;
}

static val vint(long long i)
{
	val v = { 0 };
	v.k = V_INT;
	v.i = i;
	return v;
}

static val vflt(double f)
{
	val v = { 0 };
	v.k = V_FLT;
	v.f = f;
	return v;
}

static val vstr(const char *s)
{
	val v = { 0 };
	v.k = V_STR;
	v.s = s;
	return v;
}

/* a copy of s in a buffer of the program's own (see strbuf) */
static val own_str(vd_arena *a, const char *s, size_t len)
{
	strbuf *b = vd_arena_alloc(a, sizeof *b);
	b->lo = vd_arena_alloc(a, len + 1);
	memcpy(b->lo, s, len);
	b->lo[len] = '\0';
	b->len = len;
	val v = vstr(b->lo);
	v.own = b;
	return v;
}

static int known_num(const val *v)
{
	return v->k == V_INT || v->k == V_FLT;
}

static double num(const val *v)
{
	return v->k == V_INT ? (double)v->i : v->f;
}

static int same(const val *a, const val *b)
{
	if (a->k != b->k)
		return 0;
	switch (a->k) {
	case V_INT:
		return a->i == b->i;
	case V_FLT:
		return a->f == b->f;
	case V_STR:
		return a->s == b->s || (a->s && b->s && !strcmp(a->s, b->s));
	case V_HANDLE:
		return a->h == b->h;
	case V_FUNC:
		return a->fn == b->fn && a->fname == b->fname;
	case V_SPACE:
	case V_TYPE:
		return a->f == b->f;
	case V_MEM:
		return a->f == b->f && a->a == b->a;
	case V_ARR:
		return a->a == b->a && a->i == b->i;
	case V_REF:
		return a->ref == b->ref;
	case V_FOFF:
		return a->ref == b->ref && a->f == b->f;
	default:
		return 0;
	}
}

/* the value after two paths that may each have been taken */
static val merge(const val *a, const val *b)
{
	if (same(a, b))
		return *a;
	/* an error path that returns -1 or NULL beside a handle: keep the handle */
	if (a->k == V_HANDLE && b->k != V_HANDLE)
		return *a;
	if (b->k == V_HANDLE && a->k != V_HANDLE)
		return *b;
	unsigned facts = a->t & b->t & T_FACTS & ~(unsigned)T_ARMP;
	if ((facts & T_PTRUE) && a->f != b->f)
		facts &= ~(unsigned)T_PTRUE;
	val m = unk(((a->t | b->t) & ~(unsigned)T_FACTS) | facts);
	if (facts & T_PTRUE)
		m.f = a->f;
	return m;
}

/* An unknown that is non-zero with probability p (T_PTRUE); a certain
 * truth is that value, 0 or 1. */
static val vodds(double p, unsigned t)
{
	if (p <= 0 || p >= 1)
		return vint(p >= 1);
	val v = unk((t & ~(unsigned)T_FACTS) | T_PTRUE);
	v.f = p;
	return v;
}

static int truth(const val *v);

/* A value's chance of being non-zero: 0 or 1 when its truth is known,
 * val.f for T_PTRUE, -1 otherwise. */
static double odds_of(const val *v)
{
	int t = truth(v);
	if (t >= 0)
		return t;
	return (v->t & T_PTRUE) ? v->f : -1;
}

/* A value's truth in a condition: 1, 0, or -1 when unknown.  Handles,
 * allocations, strings and arrays are non-null pointers; an unknown may be
 * known to be non-zero. */
static int truth(const val *v)
{
	if (known_num(v))
		return num(v) != 0;
	switch (v->k) {
	case V_HANDLE:
	case V_MEM:
	case V_STR:
	case V_ARR:
	case V_FUNC:
	case V_REF:
	case V_FOFF:
		return 1;
	default:
		return (v->t & T_NZ) ? 1 : -1;
	}
}

/* A comparison decided by what is known of one side: a non-null pointer
 * against NULL, a non-negative count or descriptor against zero or a
 * negative constant (`fd < 0`, `n == -1`).  Returns 1 and *res, or 0. */
static int cmp_facts(int op, const val *a, const val *b, int *res)
{
	const val *x = a, *k = b;
	if (!known_num(b)) {
		if (!known_num(a))
			return 0;
		x = b, k = a;
		op = op == OP_LT   ? OP_GT
		     : op == OP_GT ? OP_LT
		     : op == OP_LE ? OP_GE
		     : op == OP_GE ? OP_LE
				   : op;
	}
	if (known_num(x))
		return 0;
	double kv = num(k);
	if (kv == 0 && truth(x) == 1 && (op == OP_EQ || op == OP_NE)) {
		*res = op == OP_NE;
		return 1;
	}
	int nonneg = x->k == V_HANDLE || (x->k == V_UNK && (x->t & T_NN));
	if (!nonneg || kv > 0)
		return 0;
	switch (op) {
	case OP_LT:
		*res = 0;
		return 1; /* x < kv <= 0 */
	case OP_GE:
		*res = 1;
		return 1;
	case OP_LE:
		if (kv < 0) {
			*res = 0;
			return 1;
		}
		return 0;
	case OP_GT:
		if (kv < 0) {
			*res = 1;
			return 1;
		}
		return 0;
	case OP_EQ:
		if (kv < 0) {
			*res = 0;
			return 1;
		}
		return 0;
	case OP_NE:
		if (kv < 0) {
			*res = 1;
			return 1;
		}
		return 0;
	default:
		return 0;
	}
}

/* ---- helpers --------------------------------------------------------------------------- */

static const char *note(ctx *c, const char *fmt, ...) VD_PRINTF(2, 3);
static const char *note(ctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vd_buf b = VD_BUF_INIT;
	vd_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	/* one pointer per text: notes are part of call-summary keys */
	const char *r = vd_map_get(c->interned, vd_buf_cstr(&b));
	if (!r) {
		r = vd_arena_strdup(c->p->arena, vd_buf_cstr(&b));
		vd_map_put(c->interned, r, (void *)r);
	}
	vd_buf_release(&b);
	return r;
}

/* The notes of loops and branches are made every time the walk passes
 * them - a function called a million times formats its loop's note a
 * million times (a fifth of the walk on fio).  Their text depends only on
 * the block, the format and one number (the count, the probability), so
 * note_at() remembers the last text per (block, format, key). */
#define NOTE_CACHE 4096
typedef struct note_slot {
	const char *fmt;
	int block;
	double key;
	const char *text;
} note_slot;

static const char *note_at(ctx *c, int block, double key, const char *fmt, ...) VD_PRINTF(4, 5);
static const char *note_at(ctx *c, int block, double key, const char *fmt, ...)
{
	if (!c->note_cache)
		c->note_cache = vd_xcalloc(NOTE_CACHE, sizeof(note_slot));
	uint64_t h = (uint64_t)(uintptr_t)fmt * 0x9E3779B97F4A7C15ULL ^
		     (uint64_t)block * 0xC2B2AE3D27D4EB4FULL;
	uint64_t kb;
	memcpy(&kb, &key, sizeof kb);
	h ^= kb * 0x165667B19E3779F9ULL;
	note_slot *sl = &c->note_cache[(h >> 20) & (NOTE_CACHE - 1)];
	if (sl->text && sl->fmt == fmt && sl->block == block && sl->key == key)
		return sl->text;
	va_list ap;
	va_start(ap, fmt);
	vd_buf b = VD_BUF_INIT;
	vd_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	const char *r = note(c, "%s", vd_buf_cstr(&b));
	vd_buf_release(&b);
	*sl = (note_slot){ fmt, block, key, r };
	return r;
}

static void flush_ops(ctx *c)
{
	if (c->ops > 0 && c->v->ops)
		c->v->ops(c->v->payload, c->ops * c->mult, c->unk);
	c->ops = 0;
}

static void enter(ctx *c, int block, double reach, double iters, unsigned u, const char *n)
{
	if (block >= 0 && c->v->enter)
		c->v->enter(c->v->payload, block, reach, iters, u, n);
}

static void leave(ctx *c, int block)
{
	if (block >= 0 && c->v->leave)
		c->v->leave(c->v->payload, block);
}

static val *storage(ctx *c, ir_var *v)
{
	if (v->global) {
		if (c->root_used)
			c->root_used[v->slot] = 1;
		return &c->globals[v->slot];
	}
	if (c->fr && v->slot < c->fr->nslots)
		return &c->fr->slots[v->slot];
	return NULL;
}

static const char *define_of(ctx *c, const char *name)
{
	const char *v =
		name && vd_map_count(c->p->defines) ? vd_map_get(c->p->defines, name) : NULL;
	if (v && !vd_map_has(c->p->defines_read, name))
		vd_map_put(c->p->defines_read, name, (void *)1);
	return v;
}

/* --define for a struct member: STRUCT.FIELD, else the bare FIELD.  The
 * struct's name is read from the field's USR (c:@S@opts@FI@bs, or @SA@ for
 * a typedef'd anonymous struct). */
static const char *define_of_member(ctx *c, const ir_expr *e)
{
	if (!e->str || !vd_map_count(c->p->defines))
		return NULL;
	const char *fi = e->usr ? strstr(e->usr, "@FI@") : NULL;
	if (fi) {
		const char *st = NULL;
		for (const char *q = e->usr; q < fi; q++)
			if (q[0] == '@' && q[1] == 'S' &&
			    (q[2] == '@' || (q[2] == 'A' && q[3] == '@')))
				st = q + (q[2] == '@' ? 3 : 4);
		if (st && st < fi) {
			char key[256];
			snprintf(key, sizeof(key), "%.*s.%s", (int)(fi - st), st, e->str);
			const char *v = define_of(c, key);
			if (v)
				return v;
		}
	}
	return define_of(c, e->str);
}

static val parse_literal(ctx *c, const char *s)
{
	char *end;
	long long i = strtoll(s, &end, 0);
	if (*s && !*end)
		return vint(i);
	double f = strtod(s, &end);
	if (*s && !*end)
		return vflt(f);
	return vstr(vd_arena_strdup(c->a, s));
}

/* The member `field` of the struct stored at `owner`.  Members of a
 * frame's locals live with that frame and die with it; globals' (and
 * anything else's) in the walk's own list. */
/* The list the members of the struct stored at `owner` live in: its
 * frame's for a local, the walk's own for anything else (a root of the
 * saved state, see state_save) */
static fieldvec *fields_of(ctx *c, const val *owner)
{
	for (frame *f = c->fr; f; f = f->up)
		if (owner >= f->slots && owner < f->slots + f->nslots)
			return &f->fields;
	if (c->root_used)
		c->root_used[c->p->globals.n] = 1;
	return &c->fields;
}

static field_val *field_slot_in(ctx *c, val *owner, const char *field, int create, fieldvec **in)
{
	fieldvec *list = fields_of(c, owner);
	*in = list;
	for (size_t i = list->n; i-- > 0;)
		if (list->v[i].owner == owner && !strcmp(list->v[i].field, field))
			return &list->v[i];
	if (!create)
		return NULL;
	field_val fv = { owner, field, unk(0), -1 };
	if (vd_vec_push(*list, fv))
		return NULL;
	return &list->v[list->n - 1];
}

static field_val *field_slot(ctx *c, val *owner, const char *field, int create)
{
	fieldvec *list;
	return field_slot_in(c, owner, field, create, &list);
}

/* ---- fields named by byte offset ----
 * A table-driven option parser stores through `(char *)o + opt->off` with
 * off = offsetof(struct opts, bs): a V_FOFF pointer.  A store through it
 * goes to the owner's field at that offset: the named field when a member
 * access (`o->bs`, whose IR records the field's offset) has met it, else a
 * slot named "@off" that the first member access at that offset adopts
 * under the field's name - so `o.bs` later reads what the parser stored,
 * and the parser's `*(T *)at` reads what `o.bs = 4096` stored. */

static void flog_note(ctx *c, fieldvec *list, size_t idx, val *slot);
static void store_val(ctx *c, val *st, val v);
static int level_of(ctx *c, const val *st);
static void side_effect(ctx *c, int level);
static int ref_live(const ctx *c, const val *r);

/* the owner's slot at byte offset off, or NULL; create: make an "@off" one */
static field_val *foff_slot(ctx *c, val *owner, long long off, int create, fieldvec **in)
{
	fieldvec *list;
	field_slot_in(c, owner, "@", 0, &list);
	*in = list;
	for (size_t i = list->n; i-- > 0;)
		if (list->v[i].owner == owner && list->v[i].off == off)
			return &list->v[i];
	if (!create)
		return NULL;
	char name[32];
	snprintf(name, sizeof(name), "@%lld", off);
	field_val *f = field_slot_in(c, owner, vd_arena_strdup(c->a, name), 1, &list);
	if (f)
		f->off = off;
	return f;
}

/* A store at an unknown offset in the struct at owner: any of its fields
 * may hold it now, so none is known */
static void foff_havoc(ctx *c, val *owner)
{
	fieldvec *list;
	field_slot_in(c, owner, "@", 0, &list);
	for (size_t i = 0; i < list->n; i++)
		if (list->v[i].owner == owner) {
			flog_note(c, list, i, NULL);
			list->v[i].v = unk(T_INDIRECT);
		}
	store_val(c, owner, unk(T_INDIRECT));
}

/* `*p = v` with p a V_FOFF pointer */
static void foff_store(ctx *c, const val *p, val v)
{
	if (!ref_live(c, p))
		return;
	if (p->f < 0) {
		foff_havoc(c, p->ref);
		return;
	}
	fieldvec *list = NULL;
	field_val *f = foff_slot(c, p->ref, (long long)p->f, 1, &list);
	if (f) {
		side_effect(c, level_of(c, p->ref));
		flog_note(c, list, (size_t)(f - list->v), NULL);
		f->v = v;
	}
}

static int zero_struct(const val *sv);

/* `*p` with p a V_FOFF pointer */
static val foff_load(ctx *c, const val *p)
{
	fieldvec *list;
	field_val *f = ref_live(c, p) && p->f >= 0 ? foff_slot(c, p->ref, (long long)p->f, 0, &list)
						   : NULL;
	if (f)
		return f->v;
	return ref_live(c, p) && p->f >= 0 && zero_struct(p->ref) ? vint(0) : unk(T_INDIRECT);
}

/* `p->f` with p a V_FOFF pointer at a struct embedded in another (`&td->o`
 * handed to a project function, see member_addr_arg): a pointer at the
 * member's offset in the outer struct, so that `o->bs = 4096` in the
 * callee lands in the field `td->o.bs` reads (nested_path adopts the
 * offset's slot).  0 when p is not such a pointer. */
static int foff_member(const val *p, const ir_expr *m, val *out)
{
	if (p->k != V_FOFF || p->f < 0 || m->op != 1 || m->fval < 0 || m->is_array || m->is_record)
		return 0;
	*out = *p;
	out->f = p->f + m->fval;
	return 1;
}

/* a struct value every field of which is 0 (`= { 0 }`, a global without
 * initializer): it reads 0 at any offset nothing stored at */
static int zero_struct(const val *sv)
{
	if (sv->k == V_INT)
		return sv->i == 0 && !sv->t;
	if (sv->k != V_ARR || sv->i != 0 || !sv->a)
		return 0;
	for (int i = 0; i < sv->a->n; i++) {
		val x = ARR_AT(sv->a, i);
		if (!zero_struct(&x))
			return 0;
	}
	return 1;
}

/* A member `name` of the struct at owner, at byte offset off, is
 * accessed: its slot learns its offset, and takes over what a store by
 * offset left in an "@off" slot.  name need not outlive the call. */
static void foff_adopt_at(ctx *c, val *owner, const char *name, long long off)
{
	if (!owner || !name || off < 0)
		return;
	fieldvec *list;
	field_val *named = field_slot_in(c, owner, name, 0, &list);
	field_val *at = foff_slot(c, owner, off, 0, &list);
	if (named)
		named->off = off;
	if (!at || at == named || at->field[0] != '@')
		return;
	if (!named) { /* the slot is the field's from now on */
		at->field = vd_arena_strdup(c->a, name);
		return;
	}
	/* both: the store by offset came after the named slot was made by a
	 * call that fills it (it knew no offset) */
	flog_note(c, list, (size_t)(named - list->v), NULL);
	named->v = at->v;
	at->owner = NULL;
}

/* A member access `owner.f` (e->fval: f's offset): foff_adopt_at.  A
 * struct member's offset is its first member's: the slot there is not its */
static void foff_adopt(ctx *c, val *owner, const ir_expr *e)
{
	if (e->str && e->fval >= 0 && !e->is_record)
		foff_adopt_at(c, owner, e->str, (long long)e->fval);
}

/* ---- field writes while a branch's arms are walked ------------------------------------------ */

static val *flog_at(const fwrite_t *w)
{
	return w->slot ? w->slot : w->list ? &w->list->v[w->idx].v : NULL;
}

static int same_field(const fwrite_t *a, const fwrite_t *b)
{
	if (a->slot || b->slot)
		return a->slot == b->slot;
	return a->list && a->list == b->list && a->idx == b->idx;
}

/* ---- fields at a label forward gotos jump to ----
 * A goto under an unknown condition to a label further down (`if
 * (s->avail_in == 0) { ret = BZ_OK; goto save_and_return; }` in a
 * resumable decoder) leaves with the fields as they are there; the walk
 * goes on along the path that does not jump, and what that path stores
 * later (`s->state = NEXT`, `s->state = IDLE` at the stream's end) is
 * not what the entries that jumped bring to the label.  So from the first
 * such goto on, the first write to each field that outlives the frame
 * keeps what the field held (jrec), each later goto to the label adds what
 * the field holds then, and at the label (or where the function ends, for
 * a label the walk does not reach) the field holds the merge of those and
 * of what the path that did not jump brings. */

/* the frame level a field's storage belongs to: -1 for globals' and heap
 * objects' (they outlive every frame) */
static int field_level(const ctx *c, const fwrite_t *w)
{
	if (!w->list || w->list == &c->fields)
		return -1;
	for (const frame *f = c->fr; f; f = f->up)
		if (w->list == &f->fields)
			return f->level;
	return INT_MAX;
}

static jrec *jrec_find(ctx *c, size_t pend, const fwrite_t *w)
{
	for (size_t i = 0; i < c->jrec.n; i++)
		if (c->jrec.v[i].pend == pend && same_field(&c->jrec.v[i].at, w))
			return &c->jrec.v[i];
	return NULL;
}

/* A field is about to be written: the gotos under way that jumped before
 * it (and whose frame it outlives) keep what it held. */
static void join_note(ctx *c, const fwrite_t *w)
{
	if (!c->jpend.n)
		return;
	val *at = flog_at(w);
	int level = at ? field_level(c, w) : INT_MAX;
	for (size_t p = 0; p < c->jpend.n && level != INT_MAX; p++) {
		if (!c->jpend.v[p].target || c->jpend.v[p].level < level || jrec_find(c, p, w))
			continue;
		jrec r = { p, *w, *at };
		vd_vec_push(c->jrec, r);
	}
}

/* A goto under an unknown condition to the label at line `target`, after
 * it: what the fields hold here joins what the earlier ones to the label
 * left (the fields the function's arms wrote so far included: an arm's
 * writes may be undone before the label). */
static void join_exit(ctx *c, int target)
{
	frame *fr = c->fr;
	size_t p = c->jpend.n;
	while (p > 0 && c->jpend.v[p - 1].serial == fr->serial &&
	       c->jpend.v[p - 1].target != target)
		p--;
	if (p == 0 || c->jpend.v[p - 1].serial != fr->serial) { /* the first to it */
		jpend j = { fr->serial, fr->level, target, 0 };
		if (vd_vec_push(c->jpend, j))
			return;
		p = c->jpend.n;
	}
	p--; /* its index */
	/* the entries that take it, when it is an arm's of an unknown
	 * condition or in a loop (whose walk decides the iterations' tests as
	 * the first one found them); one on the walk's own path, after an
	 * earlier guess, brings the walk's values */
	double sh = fr->mult0 > 0 ? c->mult / fr->mult0 : 1;
	if (c->cond > fr->cond0 || c->rep > fr->rep0)
		c->jpend.v[p].share += sh < 1 ? sh : 1;
	for (size_t k = fr->flog0; k < c->flog.n; k++)
		if (flog_at(&c->flog.v[k]) && !jrec_find(c, p, &c->flog.v[k]) &&
		    field_level(c, &c->flog.v[k]) <= fr->level) {
			jrec r = { p, c->flog.v[k], *flog_at(&c->flog.v[k]) };
			vd_vec_push(c->jrec, r);
		}
	for (size_t i = 0; i < c->jrec.n; i++) {
		jrec *r = &c->jrec.v[i];
		val *at = r->pend == p ? flog_at(&r->at) : NULL;
		if (at)
			r->acc = merge(&r->acc, at);
	}
}

/* What a field holds at the label: acc, what the gotos (`share` of the
 * frame's entries) brought, joins cur, what the walk brings (`fall` of
 * them).  When the walk is the likelier way to the label, its value is
 * kept, as an arm's stored value is (merging would lose every known bound
 * a rare exit leaves different), marked T_ARMW, an integer with its
 * chance (T_ARMP); when the gotos are (a resumable decoder leaving at
 * every step the input may run out), the merge.  The gotos' value when no
 * entry comes along the walk. */
static val join_val(const val *acc, const val *cur, double fall, double share)
{
	if (same(acc, cur))
		return *cur;
	if (fall <= 0)
		return *acc;
	if (cur->k == V_UNK || fall < share)
		return merge(acc, cur);
	val m = *cur;
	m.t |= T_ARMW;
	if (m.k == V_INT) {
		double in = (cur->t & T_ARMP) && (cur->t & T_ARMW) ? cur->f : 1;
		m.f = in * fall / (fall + share);
		m.t |= T_ARMP;
	}
	return m;
}

/* The label at line `target` of the current frame (0: every label of it,
 * the function ends): its fields hold what join_val makes of what the
 * gotos to it brought and what the walk brings. */
static void join_at_label(ctx *c, int target)
{
	size_t n = c->jpend.n, from = n;
	while (from > 0 && c->jpend.v[from - 1].serial == c->fr->serial)
		from--;
	int any = 0;
	for (size_t p = from; p < n; p++)
		if (c->jpend.v[p].target && (!target || c->jpend.v[p].target == target)) {
			c->jpend.v[p].target = -c->jpend.v[p].target; /* being joined */
			any = 1;
		}
	if (!any)
		return;
	double fall = c->fr->mult0 > 0 ? c->mult / c->fr->mult0 : 1;
	fall = fall < 1 ? fall : 1;
	size_t keep = 0;
	for (size_t i = 0; i < c->jrec.n; i++) {
		jrec r = c->jrec.v[i];
		if (r.pend < from || c->jpend.v[r.pend].target >= 0) {
			c->jrec.v[keep++] = r;
			continue;
		}
		val *at = flog_at(&r.at);
		if (!at)
			continue;
		val m = join_val(&r.acc, at, fall, c->jpend.v[r.pend].share);
		if (!same(&m, at) || m.t != at->t || m.f != at->f) {
			flog_note(c, r.at.list, r.at.idx, r.at.slot);
			*at = m;
		}
	}
	c->jrec.n = keep;
	for (size_t p = from; p < n; p++)
		if (c->jpend.v[p].target < 0)
			c->jpend.v[p].target = 0;
	while (c->jpend.n > from && !c->jpend.v[c->jpend.n - 1].target)
		c->jpend.n--;
}

static void flog_note(ctx *c, fieldvec *list, size_t idx, val *slot)
{
	fwrite_t w = { list, idx, slot, unk(0) };
	join_note(c, &w);
	if (!c->flog_on)
		return;
	val *at = flog_at(&w);
	if (!at)
		return;
	for (size_t k = c->flog_arm0; k < c->flog.n; k++)
		if (same_field(&c->flog.v[k], &w))
			return; /* its value before the arm is kept already */
	w.old = *at;
	vd_vec_push(c->flog, w);
}

/* A call returns: its frame's fields are gone, so are their log entries. */
static void flog_forget(ctx *c, frame *fr)
{
	for (size_t k = fr->flog0; k < c->flog.n; k++)
		if (c->flog.v[k].list == &fr->fields)
			c->flog.v[k].list = NULL;
}

/* The fields an arm taken with probability pr stored (logged since from)
 * hold T_ARMW: other paths through the branch may not have stored them.
 * An integer also gets the chance that it holds its value after the
 * branch (T_ARMP): pr times its chance within the arm, plus the other
 * paths' share when the value before was the same. */
static void taint_arm_fields(ctx *c, size_t from, double pr)
{
	for (size_t k = from; k < c->flog.n; k++) {
		val *at = flog_at(&c->flog.v[k]);
		if (!at || at->k == V_UNK)
			continue;
		if (at->k == V_INT) {
			const val *old = &c->flog.v[k].old;
			double in = (at->t & T_ARMP) && (at->t & T_ARMW) ? at->f : 1;
			double kept =
				old->k == V_INT && old->i == at->i
					? ((old->t & T_ARMP) && (old->t & T_ARMW) ? old->f : 1)
					: 0;
			at->f = pr * in + (1 - pr) * kept;
			at->t |= T_ARMP;
		}
		at->t |= T_ARMW;
	}
}

static void flog_undo(ctx *c, size_t from)
{
	while (c->flog.n > from) {
		fwrite_t *w = &c->flog.v[--c->flog.n];
		val *at = flog_at(w);
		if (at)
			*at = w->old;
	}
}

static int new_handle(ctx *c)
{
	vd_vec_push(c->handles, handle_none);
	return (int)c->handles.n - 1;
}

static int file_index(ctx *c, const char *key, const char *path)
{
	vd_project *p = c->p;
	long idx = (long)(intptr_t)vd_map_get(p->file_index, key);
	if (idx)
		return (int)idx - 1;
	vd_file_info fi = { 0 };
	fi.key = vd_arena_strdup(p->arena, key);
	fi.path = path ? vd_arena_strdup(p->arena, path) : NULL;
	fi.stat_size = -1;
	fi.made = -1;
	if (path) {
		struct stat st;
		const char *abs = vd_path_join(c->a, p->root, path);
		if (stat(abs, &st) == 0 && S_ISREG(st.st_mode))
			fi.stat_size = (double)st.st_size;
	}
	vd_vec_push(p->files, fi);
	vd_map_put(p->file_index, key, (void *)(intptr_t)p->files.n);
	return (int)p->files.n - 1;
}

/* ---- expressions ------------------------------------------------------------------------ */

static val eval(ctx *c, ir_expr *e);
static val eval_call(ctx *c, ir_expr *e);
static void exec(ctx *c, ir_stmt *s);

/* Every write to a variable goes through here: globals are logged while a
 * branch or loop needs to know what its arms changed. */
/* The frame level storage `st` belongs to: -1 for globals, else the index
 * of the frame whose slots hold it (INT_MAX when unknown). */
static int level_of(ctx *c, const val *st)
{
	if (c->globals && st >= c->globals && st < c->globals + c->p->globals.n)
		return -1;
	for (frame *f = c->fr; f; f = f->up)
		if (st >= f->slots && st < f->slots + f->nslots)
			return f->level;
	return INT_MAX;
}

static void side_effect(ctx *c, int level)
{
	if (level < c->fx_min)
		c->fx_min = level;
}

static void store_val(ctx *c, val *st, val v)
{
	if (!st)
		return;
	int level = level_of(c, st);
	if (level == -1) {
		c->gver++;
		if (c->recording && c->v->capture_doom)
			c->v->capture_doom(c->v->payload); /* no recording under way can be kept */
		if (c->glog_on) {
			gwrite g = { (int)(st - c->globals), *st };
			vd_vec_push(c->glog, g);
		}
	} else if (level >= 0 && level < c->rlog_floor) {
		rwrite r = { st, *st };
		vd_vec_push(c->rlog, r);
	}
	side_effect(c, level);
	*st = v;
}

/* The storage a struct member access `base.f` / `base->f` refers to: a
 * variable, or what a pointer to one points at; NULL when unknown (*taint
 * gets the base's taint). */
static int ref_live(const ctx *c, const val *r);

static ir_expr *strip_casts(ir_expr *e);
static int expr_pure(const ir_expr *e);

/* The value of a side-effect-free expression, looked at before the walk
 * runs it (a loop's condition, a read's handle): its operations and walk
 * steps are not counted, the walk counts them when it gets there. */
static val peek(ctx *c, ir_expr *e)
{
	double ops0 = c->ops;
	long steps0 = c->steps;
	val v = eval(c, e);
	c->ops = ops0;
	c->steps = steps0;
	return v;
}

/* The frame serial a V_REF to storage st carries (0: a global or heap
 * storage, always there) */
static long long ref_serial(ctx *c, const val *st)
{
	for (frame *f = c->fr; f; f = f->up)
		if (st >= f->slots && st < f->slots + f->nslots)
			return (long long)f->serial;
	return 0;
}

static val *member_owner(ctx *c, ir_expr *base, int arrow, int *elem, unsigned *taint, val *bval);
static val field_of_value(const ir_expr *e, const val *sv, int elem);

/* `&s.f`, `&p->f` of a scalar field of a struct variable: a pointer to
 * the field's byte offset in it (V_FOFF), through which `*(long long *)
 * opt->variable = v` stores into the field (IOR's option table holds
 * `&params->transferSize`).  0 when the field is an array, holds an array
 * or a string, or its struct is not a variable the walk keeps.  Only an
 * address stored (in a variable, a table, a field) is made one: handed to
 * a call, `&s.f` stays the field's value, as the library models and call
 * summaries expect. */
static int field_addr(ctx *c, ir_expr *m, val *out)
{
	if (m->nkids != 1 || !m->str || m->is_array || m->is_record || m->fval < 0 ||
	    !expr_pure(m->kids[0]))
		return 0;
	int elem = 0;
	val bv = unk(0);
	val *owner = member_owner(c, m->kids[0], m->op == 1, &elem, NULL, &bv);
	if (!owner || elem)
		return 0;
	foff_adopt(c, owner, m);
	fieldvec *list;
	field_val *f = field_slot_in(c, owner, m->str, 0, &list);
	val cur = f ? f->v : field_of_value(m, owner, bv.k == V_REF);
	if (cur.k == V_ARR || cur.k == V_STR || cur.k == V_MEM)
		return 0;
	if (!f && (f = field_slot_in(c, owner, m->str, 1, &list)))
		f->v = cur;
	if (!f)
		return 0;
	f->off = (long long)m->fval;
	val r = { 0 };
	r.k = V_FOFF;
	r.ref = owner;
	r.i = ref_serial(c, owner);
	r.f = m->fval;
	*out = r;
	return 1;
}

static val eval(ctx *c, ir_expr *e);
static val *heap_field(ctx *c, ir_expr *m);

/* A value about to be stored: `&s.f` is a pointer to the field */
static val eval_stored(ctx *c, ir_expr *e)
{
	ir_expr *k = strip_casts(e);
	val r;
	if (k && k->kind == E_UN && k->op == OP_ADDR && k->nkids == 1) {
		ir_expr *m = strip_casts(k->kids[0]);
		if (m->kind == E_MEMBER && !heap_field(c, m) && field_addr(c, m, &r)) {
			c->ops++;
			return r;
		}
	}
	return eval(c, e);
}

/* ---- heap objects ---------------------------------------------------------------------------
 * A struct allocated with malloc/calloc where the walk runs once per
 * execution (not inside a loop walked once for many iterations) is an
 * object of its own: its fields, by index (the IR's member index), live in
 * the V_MEM value's array, so linked lists built from the command line
 * (`it = malloc(sizeof *it); it->name = argv[i]; *tail = it; tail =
 * &it->next;`) can be walked node by node. */
#define HEAP_FIELDS 64

static arr *heap_object(ctx *c, int zeroed)
{
	arr *o = vd_arena_alloc(c->a, sizeof *o);
	o->n = HEAP_FIELDS;
	o->level = -1;
	o->v = vd_arena_alloc(c->a, HEAP_FIELDS * sizeof(val));
	for (int i = 0; i < HEAP_FIELDS; i++)
		o->v[i] = zeroed ? vint(0) : unk(0);
	c->hfx++; /* a call summary would hand the same object out twice */
	return o;
}

/* the object a struct pointer expression points to, and the field's slot;
 * NULL when it is not a heap object (or the field is past HEAP_FIELDS) */
/* Two members of the same struct type: their USRs agree up to the
 * field's name (c:@SA@WritePoolCtx_t@FI@base, ...@FI@storedSkips) */
static int same_record(const char *a, const char *b)
{
	const char *fa = strstr(a, "@FI@"), *fb = strstr(b, "@FI@");
	return fa && fb && fa - a == fb - b && !strncmp(a, b, (size_t)(fa - a));
}

/* A struct embedded as the first member of a heap object (`&w->base`)
 * has the object's address: a pointer made so (a V_REF to the member's
 * slot) carries the object (a) and the member's USR (s), and a member
 * access through it that names a member of the object's own struct type
 * (`((wpool_t *)job->ctx)->done`, `ctx->base.prefs`) reaches the object's
 * field, as C's pointer to the object would. */
static val *first_member_field(const val *bv, const ir_expr *m)
{
	if (bv->k != V_REF || !bv->a || !bv->s || !m->usr || m->ival > bv->a->n ||
	    !same_record(bv->s, m->usr))
		return NULL;
	return &bv->a->v[m->ival - 1];
}

static val *mem_slot(ctx *c, const val *p, long long k);
static val *heap_elem_slot(ctx *c, val *el, const ir_expr *m);

static val *heap_field(ctx *c, ir_expr *m)
{
	if (m->kind != E_MEMBER || m->nkids != 1 || m->ival <= 0 || m->ival > HEAP_FIELDS)
		return NULL;
	ir_expr *base = strip_casts(m->kids[0]);
	val bv;
	if (base->kind == E_VAR) {
		val *st = storage(c, base->var);
		if (!st)
			return NULL;
		bv = *st;
	} else if (m->op == 0 && base->kind == E_INDEX && base->nkids == 2) {
		/* `p[0].f` is `p->f`: the first element of an array of structs */
		if (!expr_pure(base))
			return NULL;
		bv = peek(c, base->kids[0]);
		val idx = peek(c, base->kids[1]);
		if (idx.k != V_INT)
			return NULL;
		bv.i += idx.i;
	} else if (expr_pure(base)) {
		bv = peek(c, base);
	} else {
		return NULL;
	}
	if (bv.k == V_REF)
		return first_member_field(&bv, m);
	if (bv.k != V_MEM || !bv.a)
		return NULL;
	if (bv.i != 0) { /* `p = &tab[k]; p->f` (k > 0) is `tab[k].f` */
		val *el = bv.i > 0 ? mem_slot(c, &bv, 0) : NULL;
		return el ? heap_elem_slot(c, el, m) : NULL;
	}
	return &bv.a->v[m->ival - 1];
}

static val *heap_elem_field(ctx *c, ir_expr *m);

/* `&o->f` of a heap object's field: a pointer to its slot; to the first
 * member (offset 0), one that also carries the object (first_member_field);
 * `&p[k].f` of a heap array of structs: the element's field's slot */
static int heap_field_addr(ctx *c, ir_expr *m, val *out)
{
	val *hf = heap_field(c, m);
	if (!hf) { /* &p[k].f: a member of an element of a heap array */
		val *ef = heap_elem_field(c, m);
		if (!ef)
			return 0;
		val r = { 0 };
		r.k = V_REF;
		r.ref = ef;
		*out = r;
		return 1;
	}
	val r = { 0 };
	r.k = V_REF;
	r.ref = hf;
	if (m->usr && m->ival == 1) { /* the first member: at offset 0 */
		ir_expr *base = strip_casts(m->kids[0]);
		val bv = base->kind == E_VAR && storage(c, base->var) ? *storage(c, base->var)
								      : peek(c, base);
		if (bv.k == V_MEM && bv.a && bv.i == 0) {
			r.a = bv.a;
			r.s = m->usr;
		} else if (bv.k == V_REF && bv.a && bv.s) { /* &ctx->base through such a pointer */
			r.a = bv.a;
			r.s = bv.s;
		}
	}
	*out = r;
	return 1;
}

/* ---- heap buffers written through a pointer ----
 * A heap object (above) that the program fills through a pointer - `*q++
 * = *p++` copying a string into `s = malloc(len + 1)`, `s[k] = c` - keeps
 * the values written, by element: a V_MEM value's i is its offset in
 * elements from the allocation's start, moved by `+`, `-`, `++` within the
 * allocation's bytes (the first MEM_ELEMS elements are kept).  Only
 * numbers and characters are kept: a pointer stored in it reads back
 * unknown.  A known string in it (mem_text) can then be a path. */
#define MEM_ELEMS 1024 /* elements kept per heap buffer, at most */

static val *mem_slot(ctx *c, const val *p, long long k)
{
	if (p->k != V_MEM || !p->a || p->f <= 0 || p->f > 4096)
		return NULL;
	long long at = p->i + k;
	if (at < 0 || at >= (long long)p->f || at >= MEM_ELEMS)
		return NULL;
	if (!p->a->elems) {
		arr *el = vd_arena_alloc(c->a, sizeof *el);
		el->n = p->f < MEM_ELEMS ? (int)p->f : MEM_ELEMS;
		el->level = -1;
		el->v = vd_arena_alloc(c->a, (size_t)el->n * sizeof(val));
		for (int i = 0; i < el->n; i++)
			el->v[i] = unk(0);
		p->a->elems = el;
	}
	arr *el = p->a->elems;
	if (at >= el->n) { /* the object grew (realloc): more elements */
		int n = p->f < MEM_ELEMS ? (int)p->f : MEM_ELEMS;
		val *v = vd_arena_alloc(c->a, (size_t)n * sizeof(val));
		for (int i = 0; i < n; i++)
			v[i] = i < el->n ? el->v[i] : unk(0);
		el->v = v;
		el->n = n;
	}
	return &el->v[at];
}

/* What an element of a heap buffer keeps: numbers, and pointers to what
 * outlives any frame - known strings (--args words, literals, the
 * program's own text buffers), other heap objects, open handles - so a
 * table of names built with `names[n++] = argv[i]` in a malloc'ed array
 * still names them.  A pointer to a local (V_REF) could outlive its
 * frame: it is not kept. */
static int heap_storable(const val *v)
{
	return v->k == V_INT || v->k == V_FLT || v->k == V_STR || v->k == V_MEM || v->k == V_HANDLE;
}

/* p + k, p - k on a pointer into a heap object: 1 and *out set, 0 when it
 * is not one or leaves the allocation */
static int mem_arith(int op, const val *a, const val *b, val *out)
{
	if ((op != OP_ADD && op != OP_SUB) || a->k != V_MEM || !a->a || b->k != V_INT)
		return 0;
	long long at = a->i + (op == OP_ADD ? b->i : -b->i);
	if (at < 0 || at > (long long)a->f)
		return 0;
	*out = *a;
	out->i = at;
	return 1;
}

/* `(char *)p + k` (or k + p, p - k) moving by bytes, p a pointer to a
 * struct variable (V_REF) or to an offset in one: a pointer to the byte
 * offset (V_FOFF), or to an unknown place in the struct (f -1) when k is
 * unknown; 1 and *out set, else 0 */
static int foff_arith(ctx *c, int op, const val *a, const val *b, val *out)
{
	if (op == OP_ADD && a->k == V_INT && (b->k == V_REF || b->k == V_FOFF)) {
		const val *t = a;
		a = b, b = t;
	}
	if ((op != OP_ADD && op != OP_SUB) || (a->k != V_REF && a->k != V_FOFF) ||
	    (b->k != V_INT && b->k != V_UNK) || !ref_live(c, a))
		return 0;
	long long off =
		b->k != V_INT || (a->k == V_FOFF && a->f < 0)
			? -1 /* somewhere in the struct */
			: (a->k == V_FOFF ? (long long)a->f : 0) + (op == OP_ADD ? b->i : -b->i);
	if (off > (1LL << 30))
		return 0;
	*out = *a;
	out->k = V_FOFF;
	out->f = (double)off;
	out->t = (a->t | b->t) & ~(unsigned)T_FACTS;
	return 1;
}

/* A cast to an unsigned integer type (`(uintptr_t)base + off`): when
 * what it casts is a pointer, the sum is one in bytes, as on a `char *`
 * (foff_arith: only a pointer value makes it one) */
static int int_ptr_cast(const ir_expr *k)
{
	return k && k->kind == E_CAST && k->is_unsigned && !k->is_float;
}

/* the NUL-terminated text a pointer into a heap buffer points at, when
 * every character up to the NUL is known; else NULL */
static const char *mem_text(ctx *c, const val *p)
{
	if (p->k != V_MEM || !p->a || !p->a->elems)
		return NULL;
	const arr *el = p->a->elems;
	vd_buf b = VD_BUF_INIT;
	const char *r = NULL;
	for (long long k = p->i; k >= 0 && k < el->n; k++) {
		const val *x = &el->v[k];
		if (x->k != V_INT || x->i < 0 || x->i > 255)
			break;
		if (x->i == 0) {
			r = vd_arena_strdup(c->a, vd_buf_cstr(&b));
			break;
		}
		vd_buf_putc(&b, (char)x->i);
	}
	vd_buf_release(&b);
	return r;
}

/* `n->kid[i]` on a heap object: a field indexed while it still holds what
 * the allocation left (zero from calloc, unknown from malloc) is an array
 * field, given HEAP_FIELDS elements of that value on first use.  The
 * field's slot then holds the array; NULL when base is not such a field. */
static val *member_array(ctx *c, ir_expr *m);

static val *heap_array(ctx *c, ir_expr *base)
{
	base = strip_casts(base);
	val *hf = base->kind == E_MEMBER ? heap_field(c, base) : NULL;
	if (!hf && base->kind == E_MEMBER)
		return member_array(c, base);
	if (!hf || hf->k == V_ARR)
		return hf;
	if (!(hf->k == V_UNK && !hf->t) && !(hf->k == V_INT && hf->i == 0 && !hf->t))
		return NULL;
	arr *a = vd_arena_alloc(c->a, sizeof *a);
	a->n = HEAP_FIELDS;
	a->level = -1;
	a->v = vd_arena_alloc(c->a, HEAP_FIELDS * sizeof(val));
	for (int i = 0; i < HEAP_FIELDS; i++)
		a->v[i] = *hf;
	val v = { 0 };
	v.k = V_ARR;
	v.a = a;
	*hf = v;
	return hf;
}

/* `o->s.f` with o a heap object: s is a struct held in o, and its fields
 * are those of the field's slot - the same storage `(&o->s)->f` reaches
 * through the pointer, so a struct embedded in a heap object keeps the
 * values stored in it either way.  NULL when base is not such a field (a
 * struct value copied in whole is read from its array of fields). */
static val *heap_struct_field(ctx *c, ir_expr *base, int arrow)
{
	if (arrow || base->kind != E_MEMBER)
		return NULL;
	val *hf = heap_field(c, base);
	return hf && hf->k != V_ARR ? hf : NULL;
}

/* The slot of the array element a pointer into an array points at
 * (`&tbl[k]`, `o++` over a table of structs); the elements are made on
 * first use.  NULL when it points outside the elements the walk keeps, or
 * at an element it does not know (`&tbl[i]` with i unknown). */
static val *elem_slot(ctx *c, const val *p)
{
	if (p->k != V_ARR || p->i < 0 || p->i >= p->a->n || (p->t & T_INDIRECT))
		return NULL;
	if (!p->a->v)
		p->a->v = arr_elems(c, p->a);
	return p->a->v ? &p->a->v[p->i] : NULL;
}

/* The storage a struct member access `base.f` / `base->f` (arrow) reads.
 * *elem is set when it is an element of an array (`a[i].f`, `p->f` with p
 * pointing into a table): its fields are kept in the element's value, by
 * index (elem_field_store), not in the walk's list of members. */
static val *member_owner(ctx *c, ir_expr *base, int arrow, int *elem, unsigned *taint, val *bval)
{
	*elem = 0;
	if (base->kind == E_VAR) {
		val *st = storage(c, base->var);
		/* p->f with p = &s (or a table's &backend): s's field */
		if (st && base->var->is_pointer && st->k == V_REF && ref_live(c, st)) {
			if (bval)
				*bval = *st;
			return st->ref;
		}
		if (st && arrow && st->k == V_ARR) {
			if (bval)
				*bval = *st;
			return (*elem = 1), elem_slot(c, st);
		}
		if (st && arrow && st->k == V_FOFF) { /* see foff_member */
			if (bval)
				*bval = *st;
			return NULL;
		}
		return st;
	}
	if (base->kind == E_INDEX && !arrow && base->nkids == 2) { /* a[i].f */
		val *ha = heap_array(c, base->kids[0]);
		val av = ha ? *ha : eval(c, base->kids[0]);
		val idx = eval(c, base->kids[1]);
		if (taint)
			*taint = av.t | idx.t;
		if (av.k == V_ARR) {
			if (idx.k == V_INT)
				av.i += idx.i;
			else /* which element is unknown */
				av.t |= T_INDIRECT;
			if (bval)
				*bval = av;
			return (*elem = 1), elem_slot(c, &av);
		}
		val *hs = av.k == V_MEM && idx.k == V_INT ? mem_slot(c, &av, idx.i) : NULL;
		if (hs) { /* p[k].f in a heap array of structs (p[0].f: heap_field) */
			if (bval)
				*bval = av;
			return (*elem = 1), hs;
		}
		if (bval)
			*bval = unk(av.t | idx.t | T_INDIRECT);
		return NULL;
	}
	val *hs = heap_struct_field(c, base, arrow);
	if (hs)
		return hs;
	val bv = eval(c, base);
	if (taint)
		*taint = bv.t;
	if (bval)
		*bval = bv;
	if (arrow && bv.k == V_ARR)
		return (*elem = 1), elem_slot(c, &bv);
	return bv.k == V_REF ? bv.ref : NULL;
}

/* A struct's field from its initializer (a struct value is an array of its
 * fields in declaration order): e->ival is the field's index + 1.  A zero
 * struct (a table's element past its initializer, a global without one)
 * has every field 0; `elem`: sv is an array's element, so `p->f` reads it
 * too (elsewhere a zero under `->` is a NULL pointer: unknown). */
static val field_of_value(const ir_expr *e, const val *sv, int elem)
{
	if (sv->k == V_ARR && sv->a && sv->a->names) { /* fields by name (struct_whole) */
		for (int i = 0; e->str && i < sv->a->n; i++)
			if (!strcmp(sv->a->names[i], e->str))
				return sv->a->v[i];
		return sv->a->whole ? field_of_value(e, sv->a->whole, elem) : unk(0);
	}
	if (sv->k == V_ARR && sv->i == 0 && e->ival > 0 && e->ival <= sv->a->n)
		return ARR_AT(sv->a, e->ival - 1);
	if (sv->k == V_INT && sv->i == 0 && !sv->t && e->ival > 0 && (elem || e->op == 0))
		return vint(0);
	return unk(sv->t);
}

/* `p->jobs[k]`, `s.bs[k]`: an array member of a struct the walk keeps (a
 * variable, or what a pointer points at: `&o->base` of a struct embedded
 * in a heap object) keeps its elements as a heap object's array member
 * does (heap_array): the field's slot holds an array of the first
 * HEAP_FIELDS elements, zero or unknown as the struct was, so a pool's
 * table of jobs (`ctx->jobs[i] = make_job(ctx)`, later `job =
 * ctx->jobs[--ctx->n]`) hands its jobs back.  NULL when m is not such a
 * member or its slot holds something else (a string a call put there). */
static val *member_array(ctx *c, ir_expr *m)
{
	if (!m->is_array || m->nkids != 1 || !m->str || !expr_pure(m->kids[0]))
		return NULL;
	int elem = 0;
	val bv = unk(0);
	val *owner = member_owner(c, m->kids[0], m->op == 1, &elem, NULL, &bv);
	if (!owner || elem)
		return NULL;
	foff_adopt(c, owner, m);
	fieldvec *list;
	field_val *f = field_slot_in(c, owner, m->str, 0, &list);
	val cur = f ? f->v : field_of_value(m, owner, bv.k == V_REF);
	if (cur.k == V_ARR && f)
		return &f->v;
	int zero = cur.k == V_INT && cur.i == 0 && !cur.t;
	if (cur.k != V_ARR && !zero && !(cur.k == V_UNK && !(cur.t & ~(unsigned)T_NZ)))
		return NULL;
	if (!f && !(f = field_slot_in(c, owner, m->str, 1, &list)))
		return NULL;
	if (m->fval >= 0 && !m->is_record)
		f->off = (long long)m->fval;
	if (cur.k != V_ARR) {
		int level = level_of(c, owner);
		arr *a = vd_arena_alloc(c->a, sizeof *a);
		a->n = HEAP_FIELDS;
		a->level = level == INT_MAX ? -1 : level;
		a->v = vd_arena_alloc(c->a, HEAP_FIELDS * sizeof(val));
		for (int i = 0; i < HEAP_FIELDS; i++)
			a->v[i] = zero ? vint(0) : unk(0);
		cur = unk(0);
		cur.k = V_ARR;
		cur.a = a;
	}
	f->v = cur;
	return &f->v;
}

/* `a[i].f = v`, `p->f = v` into an array's element: the element's value
 * becomes a struct of its fields by index (zero or unknown ones as it was) */
static void elem_field_store(ctx *c, val *slot, const ir_expr *m, val v, int level)
{
	int fi = (int)m->ival - 1;
	if (fi < 0) { /* which field is unknown */
		*slot = unk(0);
		return;
	}
	if (!(slot->k == V_ARR && slot->i == 0 && fi < slot->a->n && !slot->a->names)) {
		int n = fi + 1 > HEAP_FIELDS ? fi + 1 : HEAP_FIELDS;
		arr *o = vd_arena_alloc(c->a, sizeof *o);
		o->n = n;
		o->level = level;
		o->v = vd_arena_alloc(c->a, (size_t)n * sizeof(val));
		int zero = slot->k == V_INT && slot->i == 0 && !slot->t;
		int byidx = slot->k == V_ARR && slot->i == 0 && !slot->a->names;
		for (int i = 0; o->v && i < n; i++)
			o->v[i] = byidx && i < slot->a->n ? ARR_AT(slot->a, i)
				  : zero                  ? vint(0)
							  : unk(0);
		val sv = { 0 };
		sv.k = V_ARR;
		sv.a = o;
		*slot = sv;
	}
	if (!slot->a->v)
		slot->a->v = vd_arena_alloc(c->a, (size_t)slot->a->n * sizeof(val));
	if (slot->a->v)
		slot->a->v[fi] = v;
}

/* The slot of field m in element el of a heap array of structs (`p[k].f`,
 * k > 0: p[0] is the heap object itself, see heap_field): the element's
 * value is made a struct of its fields on first use.  NULL when which
 * field is unknown. */
static val *heap_elem_slot(ctx *c, val *el, const ir_expr *m)
{
	int fi = (int)m->ival - 1;
	if (fi < 0)
		return NULL;
	if (!(el->k == V_ARR && el->i == 0 && fi < el->a->n && el->a->v))
		elem_field_store(c, el, m, field_of_value(m, el, 1), -1);
	return el->k == V_ARR && el->a->v && fi < el->a->n ? &el->a->v[fi] : NULL;
}

/* `&p[k].f` of a heap array of structs: the field's slot; NULL otherwise */
static val *heap_elem_field(ctx *c, ir_expr *m)
{
	if (m->kind != E_MEMBER || m->nkids != 1 || m->op != 0)
		return NULL;
	ir_expr *base = strip_casts(m->kids[0]);
	if (base->kind != E_INDEX)
		return NULL;
	int elem = 0;
	val bv = unk(0);
	val *owner = member_owner(c, base, 0, &elem, NULL, &bv);
	return elem && owner && bv.k == V_MEM ? heap_elem_slot(c, owner, m) : NULL;
}

/* ---- members of embedded structs ----
 * `s.o.f`, `p->o.f`: a member of a struct held by value in a struct whose
 * members the walk keeps (a variable, or what a pointer to one points
 * at).  It lives in the outermost struct's list of members under its path
 * ("o.f"), at the sum of the offsets, so what is stored there reads back;
 * where nothing was stored it reads the enclosing struct's value, as
 * before.  Members of heap objects and of array elements keep their own
 * rules (heap_struct_field, elem_field_store). */
typedef struct npath {
	val *owner;     /* the outermost struct's storage */
	char name[256]; /* "o.f" */
	long long off;  /* byte offset in it, -1 unknown */
	val init;       /* its value where no slot holds it */
} npath;

static int member_path(ctx *c, ir_expr *m, npath *np, val *now);

/* `x.o.f` (m, written with `.` on a member that is a struct): 1 and *np
 * set - the outermost struct, the path, the offset, the value where
 * nothing was stored - else 0 */
static int nested_path(ctx *c, ir_expr *m, npath *np)
{
	if (m->kind != E_MEMBER || m->nkids != 1 || !m->str || m->op != 0)
		return 0;
	ir_expr *base = strip_casts(m->kids[0]);
	if (!base || base->kind != E_MEMBER || base->nkids != 1 || !base->str || base->is_array ||
	    !expr_pure(base) || heap_field(c, base))
		return 0;
	ir_expr *ob = strip_casts(base->kids[0]);
	if (base->op == 0 && ob && ob->kind == E_MEMBER && heap_field(c, ob))
		return 0; /* `h->s.o.f` of a heap object */
	val encl;         /* the embedded struct's value */
	if (!member_path(c, base, np, &encl))
		return 0;
	size_t n = strlen(np->name);
	if (n + 1 + strlen(m->str) >= sizeof(np->name))
		return 0;
	np->name[n] = '.';
	strcpy(np->name + n + 1, m->str);
	np->off = np->off >= 0 && m->fval >= 0 ? np->off + (long long)m->fval : -1;
	np->init = field_of_value(m, &encl, 0);
	foff_adopt_at(c, np->owner, np->name, np->off);
	return 1;
}

/* The path of the member m - nested_path's, or m's own name in the struct
 * member_owner finds - and the value it holds now; 0 when the walk keeps
 * no members for its struct */
static int member_path(ctx *c, ir_expr *m, npath *np, val *now)
{
	if (nested_path(c, m, np)) {
		field_val *f = field_slot(c, np->owner, np->name, 0);
		*now = f ? f->v : np->init;
		return 1;
	}
	int elem = 0;
	val bv = unk(0);
	val *owner = member_owner(c, m->kids[0], m->op == 1, &elem, NULL, &bv);
	if (!owner || elem || strlen(m->str) >= sizeof(np->name))
		return 0;
	np->owner = owner;
	strcpy(np->name, m->str);
	np->off = m->fval >= 0 ? (long long)m->fval : -1;
	field_val *f = field_slot(c, owner, m->str, 0);
	*now = f ? f->v : field_of_value(m, owner, bv.k == V_REF);
	return 1;
}

/* The members of the struct at owner kept by a path that starts with
 * `name` and then `sep` ('.' a member, '[' an element) become unknown */
static void paths_forget(ctx *c, val *owner, const char *name, char sep)
{
	if (!c->npaths)
		return;
	fieldvec *list;
	field_slot_in(c, owner, "@", 0, &list);
	size_t n = strlen(name);
	for (size_t i = 0; i < list->n; i++)
		if (list->v[i].owner == owner && !strncmp(list->v[i].field, name, n) &&
		    list->v[i].field[n] == sep) {
			flog_note(c, list, i, NULL);
			list->v[i].v = unk(0);
		}
}

/* A store into the member `name` of the struct at owner: the members of
 * it kept by path ("name.x", "name[k]") do not hold what was there before */
static void nested_forget(ctx *c, val *owner, const char *name)
{
	paths_forget(c, owner, name, '.');
	paths_forget(c, owner, name, '[');
}

/* `s.a[i] = v` with i unknown: no element of a kept by path is known */
static void elems_forget(ctx *c, val *owner, const char *name)
{
	paths_forget(c, owner, name, '[');
}

/* `s.a[k]`, `p->o.a[k]` with k known, a an array member the walk holds no
 * storage for (its struct has no initializer): the element is kept as a
 * member by path ("a[k]", "o.a[k]"), see nested_path; a zero struct's
 * element reads 0 until stored.  2 when k is not known (np names the
 * array: "a", "o.a"), 0 when it is not such an element. */
static int elem_path(ctx *c, ir_expr *ix, const val *idx, npath *np)
{
	ir_expr *m = strip_casts(ix->kids[0]);
	if (!m || m->kind != E_MEMBER || !m->is_array || m->nkids != 1 || !m->str ||
	    !expr_pure(m) || heap_field(c, m))
		return 0;
	val mv;
	if (!member_path(c, m, np, &mv))
		return 0;
	if (mv.k == V_ARR)
		return 0; /* it has storage: its elements are kept there */
	if (idx->k != V_INT || idx->i < 0)
		return 2;
	size_t n = strlen(np->name);
	if (n + 24 >= sizeof(np->name))
		return 0;
	snprintf(np->name + n, sizeof(np->name) - n, "[%lld]", idx->i);
	np->off = -1;
	np->init = mv.k == V_INT && mv.i == 0 && !mv.t ? vint(0) : unk(0);
	return 1;
}

/* `s.o.f = v`: see nested_path */
static void nested_store(ctx *c, npath *np, val v)
{
	side_effect(c, level_of(c, np->owner));
	fieldvec *list = NULL;
	field_val *f = field_slot_in(c, np->owner, np->name, 0, &list);
	if (!f && (f = field_slot_in(c, np->owner, vd_arena_strdup(c->a, np->name), 1, &list))) {
		f->v = np->init;
		c->npaths++;
	}
	if (!f)
		return;
	f->off = np->off;
	flog_note(c, list, (size_t)(f - list->v), NULL);
	f->v = v;
	nested_forget(c, np->owner, np->name);
}

static void escape(frame *f, int slot)
{
	if (slot < 0 || slot >= f->nslots)
		return;
	if (!f->esc)
		f->esc = vd_xcalloc((size_t)f->nslots, 1);
	f->esc[slot] = 1;
}

/* `*p = v` with p unknown: p may point to any local whose address was
 * taken - `struct job **tail = &head; ... *tail = j;` in a loop walked once
 * - so their values, in this call and its callers, are no longer known
 * (a NULL kept known there would make `for (j = head; j; ...)` run 0 times) */
static void havoc_escaped(ctx *c)
{
	for (frame *f = c->fr; f; f = f->up) {
		for (int i = 0; f->esc && i < f->nslots; i++) {
			val *st = &f->slots[i];
			if (f->esc[i] && st->k != V_ARR && st->k != V_MEM && st->k != V_HANDLE &&
			    st->k != V_UNK)
				*st = unk(st->t & ~(unsigned)T_FACTS);
		}
	}
}

/* the --args word whose storage holds p (its end included), 0 when none
 * (argv[0] is a literal, never the program's to change) */
static int argv_word(ctx *c, const char *p)
{
	for (int i = 1; i < c->nargv; i++) {
		const char *w = c->argv_words[i];
		if (w && p >= w && p <= w + c->argv_len[i])
			return i;
	}
	return 0;
}

/* the characters from s to the end of its storage: an --args word keeps
 * its length when the program cuts it with a '\0' */
static size_t str_room(ctx *c, const char *s)
{
	int i = argv_word(c, s);
	return i ? (size_t)(c->argv_words[i] + c->argv_len[i] - s) : strlen(s);
}

/* the characters before s in its storage, where its start is known: an
 * --args word's (`arg++` then `arg--` in a parser of grouped flags) */
static size_t str_back(ctx *c, const char *s)
{
	int i = argv_word(c, s);
	return i ? (size_t)(s - c->argv_words[i]) : 0;
}

/* Pointers into known strings: moved forward within the string's storage
 * (argv[1] + 2 is "3" of "-j3"; after `*eq = '\0'` in an --args word, eq + 1
 * is still the value after it), or the distance between two of them.
 * Returns 0 when the operation is not one of these. */
static int str_arith(ctx *c, int op, const val *a, const val *b, val *out)
{
	if (op == OP_SUB && a->k == V_STR && b->k == V_STR && a->own && a->own == b->own) {
		*out = vint((long long)(a->s - b->s));
		return 1;
	}
	if (op == OP_SUB && a->k == V_STR && b->k == V_STR) {
		size_t room = str_room(c, b->s);
		if (a->s < b->s || a->s > b->s + room)
			return 0;
		*out = vint((long long)(a->s - b->s));
		return 1;
	}
	if (!(op == OP_ADD || op == OP_SUB) ||
	    !((a->k == V_STR && b->k == V_INT) || (op == OP_ADD && a->k == V_INT && b->k == V_STR)))
		return 0;
	const val *sv = a->k == V_STR ? a : b;
	long long k = a->k == V_STR ? (op == OP_ADD ? b->i : -b->i) : a->i;
	if (sv->own && sv->s >= sv->own->lo && sv->s <= sv->own->lo + sv->own->len) {
		/* within the program's own buffer, both ways */
		long long at = (long long)(sv->s - sv->own->lo) + k;
		if (at < 0 || at > (long long)sv->own->len)
			return 0;
		*out = *sv;
		out->s = sv->own->lo + at;
		return 1;
	}
	if (k >= 0 ? (size_t)k <= str_room(c, sv->s) : (size_t)-k <= str_back(c, sv->s)) {
		*out = *sv;
		out->s = sv->s + k;
	} else { /* beyond either end, or backwards past what is known */
		*out = unk(a->t | b->t);
	}
	return 1;
}

/* `p == q` on two pointers to known strings: the same place is equal;
 * strings whose texts differ (read now, from wherever they point) are at
 * different places, so unequal (`pair->src_name == stdin_filename` with an
 * --args word against a literal).  The same text at two places may be one
 * object or two (identical literals may be merged): 0, undecided. */
static int str_ptr_eq(const val *a, const val *b, int *eq)
{
	if (a->k != V_STR || b->k != V_STR || !a->s || !b->s)
		return 0;
	if (a->s == b->s)
		return (*eq = 1), 1;
	if (strcmp(a->s, b->s) != 0)
		return (*eq = 0), 1;
	return 0;
}

/* `parent != &def`: two pointers to variables compare equal when they
 * name the same storage (of the same call, for locals), and unequal when
 * they name two different global variables (distinct objects have
 * distinct addresses); pointers to fields or heap objects stay unknown
 * otherwise (`&s == (void *)&s.first` is true in C).  Returns 1 and *eq,
 * or 0. */
static int ref_ptr_eq(ctx *c, const val *a, const val *b, int *eq)
{
	if (a->k != V_REF || b->k != V_REF || !a->ref || !b->ref)
		return 0;
	if (a->ref == b->ref && a->i == b->i)
		return (*eq = 1), 1;
	size_t ng = c->p->globals.n;
	int ga = a->ref >= c->globals && a->ref < c->globals + ng,
	    gb = b->ref >= c->globals && b->ref < c->globals + ng;
	if (ga && gb)
		return (*eq = 0), 1;
	return 0;
}

/* A store of `v` at `at` inside a known string.  Only the --args words
 * are the program's to change (argv strings are writable in C; literals
 * are not): `*eq = '\0'` after `eq = strchr(arg, '=')` cuts "--rows=40"
 * to "--rows", as hand-written parsers do.  Only a known character is
 * written; an unknown one leaves the word as it was. */
static void argv_store(ctx *c, const char *at, val v)
{
	int i = argv_word(c, at);
	if (i && v.k == V_INT && at < c->argv_words[i] + c->argv_len[i])
		((char *)c->argv_words[i])[at - c->argv_words[i]] = (char)v.i;
}

/* A store of `v` where `at` points in the program's own buffer: a known
 * character is written; an unknown one leaves it as it was, like
 * argv_store */
static void str_store(ctx *c, const val *at, val v)
{
	if (v.k != V_INT || at->s < at->own->lo || at->s > at->own->lo + at->own->len)
		return;
	at->own->lo[at->s - at->own->lo] = (char)v.i;
	/* whose buffer it is is not known here: no call summary keeps it */
	side_effect(c, -1);
	c->gver++;
	if (c->recording && c->v->capture_doom)
		c->v->capture_doom(c->v->payload);
}

static void assign_to(ctx *c, ir_expr *lhs, val v);
static void struct_assigned(ctx *c, ir_var *var, const val *v);
static void lazy_write(ctx *c, const ir_var *v);

/* A string written into the buffer `dst` names (snprintf, strcpy): the
 * variable holds it now; when that is a pointer holding a caller's array
 * (`rank_path(path, ...)` filling its parameter), the array keeps the text
 * too, so that the caller's `path` reads it. */
static void store_text(ctx *c, ir_expr *dst, val sv)
{
	dst = strip_casts(dst);
	if (dst->kind == E_VAR && dst->var->is_pointer) {
		val *st = storage(c, dst->var);
		if (st && (st->k == V_ARR || st->k == V_STR) && st->i == 0 && st->a) {
			st->a->text = vd_arena_alloc(c->a, sizeof(val));
			*st->a->text = sv;
			side_effect(c, st->a->level);
		}
	}
	if (dst->kind == E_VAR || dst->kind == E_MEMBER)
		assign_to(c, dst, sv);
}

/* The entry of elem_text for `var`, made when `create`; NULL if none */
static elemtext *elem_text_of(ctx *c, const ir_var *var, int create)
{
	for (size_t i = 0; i < c->elemtexts.n; i++)
		if (c->elemtexts.v[i].var == var)
			return &c->elemtexts.v[i];
	elemtext et = { var, 0, 0, 0 };
	if (!create || vd_vec_push(c->elemtexts, et))
		return NULL;
	return &c->elemtexts.v[c->elemtexts.n - 1];
}

/* `p[k] = v` with p a pointer variable: what its elements hold, as
 * strings.  A string of known text or of known expected length (T_SLEN:
 * a line getline read in a loop walked once, a strdup of it) adds its
 * length, weighted by the store's expected executions; anything else,
 * once a string was stored, makes the elements' lengths unknown for good
 * (before one, it makes no entry: the bytes a buffer's `p[k] = c` stores
 * are no strings, and keeping none keeps the lookups short). */
static void elem_text_store(ctx *c, ir_expr *base, const val *v)
{
	base = strip_casts(base);
	if (!base || base->kind != E_VAR || !base->var->is_pointer || base->var->array_len > 0)
		return;
	int text = (v->k == V_STR && v->s) || (v->k == V_UNK && (v->t & T_SLEN) && v->f >= 0);
	elemtext *et = elem_text_of(c, base->var, text); /* a buffer's bytes make none */
	if (!et)
		return;
	double w = c->mult > 0 ? c->mult : 0;
	if (v->k == V_STR && v->s) {
		et->sum += w * (double)strlen(v->s);
		et->w += w;
	} else if (v->k == V_UNK && (v->t & T_SLEN) && v->f >= 0) {
		et->sum += w * v->f;
		et->w += w;
	} else {
		et->bad = 1;
	}
}

/* `p[k]` read where the walk does not know the element: when every store
 * into p's elements was a string of known (expected) length, an unknown
 * string of their mean length (fputs(lines[i], o) writes what the lines
 * read into the array hold on average, not 8 bytes); 1 and *out set */
static int elem_text_read(ctx *c, ir_expr *base, unsigned t, val *out)
{
	base = strip_casts(base);
	if (c->p->opts.paths_all || !base || base->kind != E_VAR)
		return 0;
	const elemtext *et = elem_text_of(c, base->var, 0);
	if (!et || et->bad || et->w <= 0)
		return 0;
	*out = unk((t & ~(unsigned)T_FACTS) | T_INDIRECT | T_SLEN);
	out->f = et->sum / et->w;
	return 1;
}

/* `a[i] = v`: an element of an array, of a heap buffer, of a string the
 * program holds, or of an array member (elem_path) */
static void assign_index(ctx *c, ir_expr *lhs, val v)
{
	val *ha = heap_array(c, lhs->kids[0]);
	val base = ha ? *ha : eval(c, lhs->kids[0]);
	val idx = eval(c, lhs->kids[1]);
	elem_text_store(c, lhs->kids[0], &v);
	if (base.k == V_STR) { /* arg[k] = '\0' */
		val at;
		if (idx.k == V_INT && base.own && str_arith(c, OP_ADD, &base, &idx, &at) &&
		    at.k == V_STR)
			str_store(c, &at, v);
		else if (idx.k == V_INT && idx.i >= 0 && (size_t)idx.i <= strlen(base.s))
			argv_store(c, base.s + idx.i, v);
		return;
	}
	if (base.k == V_MEM && idx.k == V_INT && mem_slot(c, &base, idx.i)) {
		val *slot = mem_slot(c, &base, idx.i);
		flog_note(c, NULL, 0, slot);
		*slot = heap_storable(&v) ? v : unk(0);
		return;
	}
	npath np;
	int ep = base.k != V_ARR ? elem_path(c, lhs, &idx, &np) : 0;
	if (ep == 1) {
		nested_store(c, &np, v);
		return;
	}
	if (ep == 2) /* which element is unknown: none kept is known */
		elems_forget(c, np.owner, np.name);
	if (base.k == V_ARR)
		side_effect(c, base.a->level);
	if (base.k == V_ARR && !base.a->v && base.a->n > 0)
		base.a->v = arr_elems(c, base.a);
	if (base.k == V_ARR && !base.a->v)
		return;
	if (base.k == V_ARR && idx.k == V_INT && base.i + idx.i >= 0 && base.i + idx.i < base.a->n)
		base.a->v[base.i + idx.i] = v;
	else if (base.k == V_ARR && idx.k != V_INT)
		for (int i = 0; i < base.a->n; i++) /* which element is unknown */
			base.a->v[i] = merge(&base.a->v[i], &v);
}

static void assign_to(ctx *c, ir_expr *lhs, val v)
{
	while (lhs && lhs->kind == E_CAST && lhs->nkids == 1)
		lhs = lhs->kids[0];
	if (!lhs)
		return;
	if (lhs->kind == E_VAR) {
		store_val(c, storage(c, lhs->var), v);
		struct_assigned(c, lhs->var, &v);
		if (c->lazyptrs.n && lhs->var->is_pointer)
			lazy_write(c, lhs->var);
		return;
	}
	if (lhs->kind == E_INDEX) {
		assign_index(c, lhs, v);
		return;
	}
	if (lhs->kind == E_MEMBER && lhs->nkids == 1) {
		val *hf = heap_field(c, lhs);
		if (hf) {
			flog_note(c, NULL, 0, hf);
			*hf = v;
			return;
		}
		npath np;
		if (nested_path(c, lhs, &np)) {
			nested_store(c, &np, v);
			return;
		}
		int elem = 0;
		val bv = unk(0), fm;
		val *owner = member_owner(c, lhs->kids[0], lhs->op == 1, &elem, NULL, &bv);
		if (!owner && foff_member(&bv, lhs, &fm)) {
			foff_store(c, &fm, v);
			return;
		}
		if (elem) {
			/* a store into an array's element: the array's level, as
			 * for `a[i] = v`; into one the walk does not know: the
			 * field of every element may hold v now */
			int level = bv.k == V_ARR ? bv.a->level : -1;
			val *fs = owner && bv.k == V_MEM ? heap_elem_slot(c, owner, lhs) : NULL;
			if (fs) { /* a heap array's element: as a heap object's field */
				flog_note(c, NULL, 0, fs);
				*fs = heap_storable(&v) ? v : unk(0);
			} else if (owner && bv.k != V_MEM) {
				side_effect(c, level);
				elem_field_store(c, owner, lhs, v, level);
			} else if (bv.k == V_ARR && (bv.t & T_INDIRECT) && bv.a->v) {
				side_effect(c, level);
				for (int i = 0; i < bv.a->n; i++) {
					val old = field_of_value(lhs, &bv.a->v[i], 1);
					elem_field_store(c, &bv.a->v[i], lhs, merge(&old, &v),
							 level);
				}
			}
			return;
		}
		if (owner)
			side_effect(c, level_of(c, owner));
		if (owner && lhs->str) {
			fieldvec *list = NULL;
			foff_adopt(c, owner, lhs);
			field_val *f = field_slot_in(c, owner, lhs->str, 0, &list);
			if (!f && (f = field_slot_in(c, owner, lhs->str, 1, &list)))
				f->v = field_of_value(lhs, owner, 0); /* what it held */
			if (f && lhs->fval >= 0 && !lhs->is_record)
				f->off = (long long)lhs->fval;
			if (f) {
				flog_note(c, list, (size_t)(f - list->v), NULL);
				f->v = v;
				nested_forget(c, owner, lhs->str);
			}
		}
		return;
	}
	if (lhs->kind == E_UN && lhs->op == OP_DEREF && lhs->nkids == 1) {
		val p = eval(c, lhs->kids[0]);
		if (p.k == V_REF) {
			store_val(c, p.ref, v);
		} else if (p.k == V_FOFF) {
			foff_store(c, &p, v);
		} else if (p.k == V_ARR && p.i >= 0 && p.i < p.a->n) {
			side_effect(c, p.a->level);
			if (!p.a->v)
				p.a->v = arr_elems(c, p.a);
			if (p.a->v)
				p.a->v[p.i] = v;
		} else if (p.k == V_MEM && mem_slot(c, &p, 0)) {
			val *slot = mem_slot(c, &p, 0);
			flog_note(c, NULL, 0, slot);
			*slot = heap_storable(&v) ? v : unk(0);
		} else if (p.k == V_STR && p.own) {
			str_store(c, &p, v);
		} else if (p.k == V_STR) {
			argv_store(c, p.s, v);
		} else if (p.k != V_ARR) {
			havoc_escaped(c);
		}
	}
}

/* `x = (T){ ... }`: C copies the literal's value into x.  Its elements
 * belong to the frame that evaluated it and die with that call, so a
 * variable that outlives the call (a `static` local or a global assigned
 * in a callee: `static file_pair pair; pair = (file_pair){ .src_name =
 * name };`) gets a copy of its own. */
static void copy_literal(ctx *c, ir_expr *e, val *r)
{
	ir_expr *lhs = strip_casts(e->kids[0]), *rhs = strip_casts(e->kids[1]);
	if (!lhs || !rhs || lhs->kind != E_VAR || rhs->kind != E_INITLIST || r->k != V_ARR ||
	    !r->a || !r->a->v)
		return;
	val *st = storage(c, lhs->var);
	int level = st ? level_of(c, st) : INT_MAX;
	if (level >= r->a->level)
		return;
	arr *o = vd_arena_alloc(c->a, sizeof *o);
	o->n = r->a->n;
	o->level = level;
	o->v = arr_elems(c, o);
	for (int i = 0; o->v && i < o->n; i++)
		o->v[i] = r->a->v[i];
	r->a = o;
}

/* `stat(path, &s.st)`, `fstat(fd, &pair->src_st)` into a struct member the
 * walk has no storage to point at (one left zero by a compound literal):
 * the call fills it, so the member is unknown from here on - not the
 * literal's zeros (st_mode 0 is "not a regular file"). */
static void stat_fills_member(ctx *c, ir_expr *arg)
{
	ir_expr *m = strip_casts(arg);
	if (!m || m->kind != E_UN || m->op != OP_ADDR || m->nkids != 1)
		return;
	m = strip_casts(m->kids[0]);
	if (!m || m->kind != E_MEMBER || !expr_pure(m))
		return;
	val cur = peek(c, m);
	if (cur.k != V_ARR)
		assign_to(c, m, unk(0));
}

/* x op y on integers with C's rules.  Where C leaves a signed result
 * undefined - overflow of + - *, division or remainder by zero,
 * LLONG_MIN / -1 and LLONG_MIN % -1, a shift by a negative count or by 64
 * or more, a left shift of a negative value or out of range - the value is
 * unknown.  Unsigned arithmetic (`uns`: the expression's type is unsigned)
 * wraps; the IR does not keep a type's width, so it wraps modulo 2^64.
 * A signed right shift of a negative value is arithmetic, as in gcc and
 * clang. */
static val arith_int(int op, long long x, long long y, int uns)
{
	unsigned long long ux = (unsigned long long)x, uy = (unsigned long long)y;
	long long r;
	switch (op) {
	case OP_ADD:
		if (uns)
			return vint((long long)(ux + uy));
		return __builtin_add_overflow(x, y, &r) ? unk(0) : vint(r);
	case OP_SUB:
		if (uns)
			return vint((long long)(ux - uy));
		return __builtin_sub_overflow(x, y, &r) ? unk(0) : vint(r);
	case OP_MUL:
		if (uns)
			return vint((long long)(ux * uy));
		return __builtin_mul_overflow(x, y, &r) ? unk(0) : vint(r);
	case OP_DIV:
	case OP_MOD:
		if (y == 0)
			return unk(0);
		if (uns)
			return vint((long long)(op == OP_DIV ? ux / uy : ux % uy));
		if (x == LLONG_MIN && y == -1)
			return unk(0);
		return vint(op == OP_DIV ? x / y : x % y);
	case OP_SHL:
		if (y < 0 || y >= 64)
			return unk(0);
		if (uns)
			return vint((long long)(ux << y));
		if (x < 0 || x > (LLONG_MAX >> y))
			return unk(0);
		return vint(x << y);
	case OP_SHR:
		if (y < 0 || y >= 64)
			return unk(0);
		return vint(uns ? (long long)(ux >> y) : x >> y);
	case OP_LT: /* uns: an operand is unsigned, so both are (C's conversions) */
		return vint(uns ? ux < uy : x < y);
	case OP_GT:
		return vint(uns ? ux > uy : x > y);
	case OP_LE:
		return vint(uns ? ux <= uy : x <= y);
	case OP_GE:
		return vint(uns ? ux >= uy : x >= y);
	case OP_EQ:
		return vint(x == y);
	case OP_NE:
		return vint(x != y);
	case OP_BAND:
		return vint(x & y);
	case OP_BOR:
		return vint(x | y);
	case OP_XOR:
		return vint(x ^ y);
	default:
		return unk(0);
	}
}

static val arith(int op, const val *a, const val *b, int uns)
{
	if (a->k == V_ARR && b->k == V_INT && (op == OP_ADD || op == OP_SUB)) {
		val r = *a; /* a pointer into an array, moved */
		r.i += op == OP_ADD ? b->i : -b->i;
		return r;
	}
	if (!known_num(a) || !known_num(b))
		return unk(a->t | b->t);
	if (a->k == V_INT && b->k == V_INT)
		return arith_int(op, a->i, b->i, uns);
	double x = num(a), y = num(b);
	switch (op) {
	case OP_ADD:
		return vflt(x + y);
	case OP_SUB:
		return vflt(x - y);
	case OP_MUL:
		return vflt(x * y);
	case OP_DIV:
		return y == 0 ? unk(0) : vflt(x / y);
	case OP_LT:
		return vint(x < y);
	case OP_GT:
		return vint(x > y);
	case OP_LE:
		return vint(x <= y);
	case OP_GE:
		return vint(x >= y);
	case OP_EQ:
		return vint(x == y);
	case OP_NE:
		return vint(x != y);
	default:
		return unk(0);
	}
}

/* `v` was read from argv: that --args word is used */
static void argv_seen(ctx *c, const val *v)
{
	if (v->k != V_STR)
		return;
	for (int i = 1; i < c->nargv; i++)
		if (c->argv_words[i] == v->s)
			c->argv_read[i] = 1;
}

/* A floating value converted to an integer type; unknown (with taint t)
 * when C leaves it undefined: NaN, infinite, out of range of long long. */
static val flt_to_int(double f, unsigned t)
{
	if (!(f >= -0x1p63 && f < 0x1p63))
		return unk(t);
	return vint((long long)f);
}

/* Is the storage a V_REF points at still there?  Globals always are; a
 * local only while the call whose frame holds it runs (a pointer that
 * outlives it is undefined behaviour in C; here it reads unknown). */
static int ref_live(const ctx *c, const val *r)
{
	if (r->i == 0)
		return 1;
	for (const frame *f = c->fr; f; f = f->up)
		if (f->serial == (unsigned long long)r->i)
			return r->ref >= f->slots && r->ref < f->slots + f->nslots;
	return 0;
}

/* An array whose elements the walk does not keep (a global of more than
 * GLOBAL_ARR_MAX elements) is still a buffer of known size: a read into it
 * of unknown length is bounded by it (buf_read_bytes). */
static val array_buf(const ir_var *var, val v)
{
	if (v.k != V_UNK || var->array_len <= 0 || var->size <= 0 || (v.t & (T_PTRUE | T_SLEN)))
		return v;
	v.t |= T_BUF | T_NZ;
	v.f = (double)var->size;
	return v;
}

/* p + k, p - k on such a buffer (see array_buf): still in it, at an
 * unknown offset unless k is 0. 1 and *out set; 0 when no operand is one. */
static int buf_arith(int op, const val *a, const val *b, val *out)
{
	if (op != OP_ADD && op != OP_SUB)
		return 0;
	const val *p = (a->t & T_BUF) ? a : (op == OP_ADD && (b->t & T_BUF)) ? b : NULL;
	const val *k = p == a ? b : a;
	if (!p || (k->t & T_BUF) || p->k != V_UNK)
		return 0;
	*out = unk(((a->t | b->t) & ~(unsigned)T_FACTS) | T_BUF | T_NZ | (p->t & T_BUFOFF));
	out->f = p->f;
	if (!(k->k == V_INT && k->i == 0))
		out->t |= T_BUFOFF;
	return 1;
}

static val eval_var(ctx *c, ir_var *var)
{
	const char *d = define_of(c, var->name);
	if (d)
		return parse_literal(c, d);
	if (!var->has_def && var->global) {
		if (!strcmp(var->name, "stdin"))
			return (val){ .k = V_HANDLE, .h = 0 };
		if (!strcmp(var->name, "stdout"))
			return (val){ .k = V_HANDLE, .h = 1 };
		if (!strcmp(var->name, "stderr"))
			return (val){ .k = V_HANDLE, .h = 2 };
		const vd_catalog_constant *k = vd_catalog_find_constant(c->p->catalog, var->name);
		if (k && k->size > 0)
			return (val){ .k = V_TYPE, .f = (double)k->size };
		if (k && k->has_value)
			return vint(k->value);
	}
	val *st = storage(c, var);
	if (st && st->k == V_ARR && st->i == 0 && st->a && st->a->text) {
		val t = *st->a->text; /* char path[256]: the text a callee put there */
		t.a = st->a;          /* still that array, to be filled again */
		return t;
	}
	return array_buf(var, st ? *st : unk(0));
}

/* A local struct variable read whole (`return ress;`, `T s = t;`, `f(s)`)
 * whose members the walk keeps by name (its frame's field slots): a
 * struct value that carries them, so that a struct a callee fills and
 * returns by value (`cRess_t ress = create_resources(prefs);`) still has
 * `ress.writeCtx` in the caller.  V_ARR with names (field_of_value reads
 * it by name); its value besides them in whole.  The value as it is when
 * no member was stored. */
static val struct_whole(ctx *c, ir_var *var)
{
	val v = eval_var(c, var);
	if (!var->is_struct || var->global || var->array_len > 0 || !c->fr)
		return v;
	val *st = storage(c, var);
	if (!st || st < c->fr->slots || st >= c->fr->slots + c->fr->nslots)
		return v;
	fieldvec *list = &c->fr->fields;
	int n = 0;
	for (size_t i = 0; i < list->n; i++)
		n += list->v[i].owner == st && list->v[i].field[0] != '@';
	if (!n)
		return v;
	const arr *old = st->k == V_ARR && st->a && st->a->names ? st->a : NULL;
	int cap = n + (old ? old->n : 0);
	arr *a = vd_arena_alloc(c->a, sizeof *a);
	a->level = -1;
	a->names = vd_arena_alloc(c->a, (size_t)cap * sizeof(char *));
	a->v = vd_arena_alloc(c->a, (size_t)cap * sizeof(val));
	for (size_t i = 0; i < list->n; i++)
		if (list->v[i].owner == st && list->v[i].field[0] != '@') {
			a->names[a->n] = list->v[i].field;
			a->v[a->n++] = list->v[i].v;
		}
	for (int k = 0; old && k < old->n; k++) { /* what it was assigned whole, not since stored */
		int dup = 0;
		for (int j = 0; j < n && !dup; j++)
			dup = !strcmp(a->names[j], old->names[k]);
		if (!dup) {
			a->names[a->n] = old->names[k];
			a->v[a->n++] = old->v[k];
		}
	}
	if (old ? old->whole != NULL : st->k != V_UNK) {
		a->whole = vd_arena_alloc(c->a, sizeof(val));
		*a->whole = old ? *old->whole : *st;
	}
	val r = { 0 };
	r.k = V_ARR;
	r.a = a;
	return r;
}

/* A struct variable assigned whole (`s = t`, `T s = f()`): the members it
 * kept by name no longer hide the new value.  They are dropped (reads go
 * to the value); while a branch's arms log their field writes, they take
 * the new value's instead (unknown when it does not name them), which the
 * log can undo. */
static void struct_assigned_at(ctx *c, val *st, const val *v);

static void struct_assigned(ctx *c, ir_var *var, const val *v)
{
	if (!var->is_struct || var->array_len > 0)
		return;
	val *st = storage(c, var);
	if (st)
		struct_assigned_at(c, st, v);
}

/* The struct at st (a variable, or what `*p` points at) assigned whole: see
 * struct_assigned */
static void struct_assigned_at(ctx *c, val *st, const val *v)
{
	fieldvec *list;
	field_slot_in(c, st, "@", 0, &list);
	for (size_t i = 0; i < list->n; i++) {
		field_val *f = &list->v[i];
		if (f->owner != st)
			continue;
		if (!c->flog_on) {
			f->owner = NULL;
			continue;
		}
		ir_expr m = { 0 };
		m.kind = E_MEMBER;
		m.str = f->field;
		flog_note(c, list, i, NULL);
		f->v = f->field[0] != '@' && v->k == V_ARR && v->a && v->a->names
			       ? field_of_value(&m, v, 0)
			       : unk(0);
	}
}

/* The storage of the struct e names whole - a struct variable, or `*p`
 * with p a pointer to one - else NULL */
static val *copy_owner(ctx *c, ir_expr *e)
{
	e = strip_casts(e);
	if (e->kind == E_VAR && e->var->is_struct && e->var->array_len <= 0)
		return storage(c, e->var);
	if (e->kind == E_UN && e->op == OP_DEREF && e->nkids == 1 && expr_pure(e->kids[0])) {
		val p = peek(c, e->kids[0]);
		return p.k == V_REF && ref_live(c, &p) ? p.ref : NULL;
	}
	return NULL;
}

/* `d = s`, `*td = *parent`: a struct copied whole takes the members the
 * walk keeps for the source - by name, by path ("o.bs": an embedded
 * struct's) and by byte offset (what a table-driven parser stored through
 * `(char *)o + off`) - so the copy reads what the source held.  (The value
 * copied is the source's storage alone, in which stores of members are
 * not.)  The destination's own members are dropped first. */
static void struct_copy_members(ctx *c, ir_expr *lhs, ir_expr *rhs, const val *v)
{
	val *src = copy_owner(c, rhs), *dst = src ? copy_owner(c, lhs) : NULL;
	if (!dst || dst == src)
		return;
	fieldvec *sl;
	field_slot_in(c, src, "@", 0, &sl);
	if (strip_casts(lhs)->kind != E_VAR) /* a variable's: assign_to did */
		struct_assigned_at(c, dst, v);
	size_t n = sl->n;
	for (size_t i = 0; i < n; i++) {
		if (sl->v[i].owner != src)
			continue;
		field_val sf = sl->v[i]; /* the lists may grow */
		fieldvec *dl;
		field_val *d = field_slot_in(c, dst, sf.field, 1, &dl);
		if (!d)
			continue;
		side_effect(c, level_of(c, dst));
		flog_note(c, dl, (size_t)(d - dl->v), NULL);
		d->v = sf.v;
		d->off = sf.off;
	}
}

/* A value that changes per iteration through anything but affine
 * arithmetic (a hand-written generator: x ^= x << 13, h % n, a product of
 * two varying values) is no sequential offset. */
static int nonaffine(int op, const val *a, const val *b)
{
	if (!((a->t | b->t) & T_VARY))
		return 0;
	return op == OP_XOR || op == OP_SHL || op == OP_SHR || op == OP_MOD || op == OP_BAND ||
	       op == OP_BOR || (op == OP_MUL && (a->t & T_VARY) && (b->t & T_VARY));
}

/* ---- branch probabilities ---------------------------------------------------------------- */

/* Hit rates of Ball & Larus's static branch-prediction heuristics, as
 * measured by Wu & Larus (MICRO 1994), combined with Dempster-Shafer. */
#define HR_OPCODE 0.84  /* x < 0, x <= 0, x == K fail */
#define HR_POINTER 0.60 /* p == NULL, p == q fail */
#define HR_CALL 0.78    /* the arm with a call is not taken */
#define HR_RETURN 0.72  /* the arm with a return is not taken */

static double ds_combine(double p, double q)
{
	double t = p * q, f = (1 - p) * (1 - q);
	return t + f > 0 ? t / (t + f) : 0.5;
}

static ir_expr *strip_casts(ir_expr *e)
{
	while (e && e->kind == E_CAST && e->nkids == 1)
		e = e->kids[0];
	return e;
}

static int is_pointer_expr(ir_expr *e)
{
	e = strip_casts(e);
	return e && e->kind == E_VAR && e->var->is_pointer;
}

/* A condition with no side effects: it can be evaluated again at will. */
/* a direct call of a C library function without side effects: the
 * <ctype.h> tests (also glibc's table lookups) and string searches */
static int pure_libcall(const ir_expr *e)
{
	static const char *const pure[] = { "isspace",
					    "isdigit",
					    "isalpha",
					    "isalnum",
					    "isupper",
					    "islower",
					    "isxdigit",
					    "ispunct",
					    "isprint",
					    "isgraph",
					    "iscntrl",
					    "isblank",
					    "tolower",
					    "toupper",
					    "__ctype_b_loc",
					    "strlen",
					    "strcmp",
					    "strncmp",
					    "strchr",
					    "strrchr",
					    "memcmp",
					    "strcasecmp",
					    "strncasecmp",
					    "__ctype_tolower_loc",
					    "__ctype_toupper_loc",
					    NULL };
	if (e->callee || e->ncallees || e->cat || !e->str)
		return 0;
	for (int i = 0; pure[i]; i++)
		if (!strcmp(e->str, pure[i]))
			return 1;
	return 0;
}

static int expr_pure(const ir_expr *e)
{
	if (!e)
		return 1;
	if ((e->kind == E_CALL && !pure_libcall(e)) || e->kind == E_ASSIGN || e->kind == E_INCDEC ||
	    e->kind == E_STMT)
		return 0;
	for (int i = 0; i < e->nkids; i++)
		if (!expr_pure(e->kids[i]))
			return 0;
	return 1;
}

static int expr_uses(const ir_expr *e, const ir_var *v)
{
	if (!e)
		return 0;
	if (e->kind == E_VAR && e->var == v)
		return 1;
	for (int i = 0; i < e->nkids; i++)
		if (expr_uses(e->kids[i], v))
			return 1;
	return 0;
}

/* A variable in `e` that holds the MPI rank, or NULL. */
static ir_var *rank_var(ctx *c, const ir_expr *e)
{
	if (!e)
		return NULL;
	if (e->kind == E_VAR) {
		val *st = storage(c, e->var);
		if (st && st->k == V_UNK && (st->t & T_RANK) && !define_of(c, e->var->name))
			return e->var;
	}
	for (int i = 0; i < e->nkids; i++) {
		ir_var *v = rank_var(c, e->kids[i]);
		if (v)
			return v;
	}
	return NULL;
}

/* The share of a counted loop's iterations in which `cond` holds, when it
 * depends on the loop's counter and otherwise on known values only
 * (`i % k == 0`, `i == 0`, `i == n - 1`): every iteration's value is tried
 * (a regular sample of 10000 past that).  Returns 1 and *p, or 0. */
static int counter_avg(ctx *c, ir_expr *cond, int as_truth, double *p, double *und);

/* The same, when the counter decides the test on some iterations only
 * (`i > 0 || more`): *p the share it finds true, *und the share it
 * leaves to the rest of the condition */
static int counter_split(ctx *c, ir_expr *cond, double *p, double *und)
{
	return counter_avg(c, cond, 1, p, und);
}

/* counter_split with the undecided iterations at even odds */
static int counter_prob(ctx *c, ir_expr *cond, double *p)
{
	double und = 0;
	if (!counter_avg(c, cond, 1, p, &und))
		return 0;
	*p += und / 2;
	return 1;
}

/* The same for a value, `hi - i < CH ? hi - i : CH` (the last chunk is
 * shorter): its mean over the iterations. */
static int counter_mean(ctx *c, ir_expr *x, double *m)
{
	return counter_avg(c, x, 0, m, NULL);
}

/* A variable the loop's body sets from its counter before it tests it:
 * `int r = i % 17; if (r > 14) continue;`, `t = i * dt; if (t >= next)`. */
#define MAX_DERIVED 4
static ir_var *plain_var(ir_expr *e);
typedef struct derived {
	val *st;    /* the variable's storage */
	val old;    /* its value before the sampling */
	ir_expr *e; /* the counter expression it is set to */
} derived;

typedef int (*node_test)(const ir_expr *e, void *arg);
static int ir_any_stmt(const ir_stmt *s, node_test at, void *arg);
static int ir_any_expr(const ir_expr *e, node_test at, void *arg);

static int is_node(const ir_expr *e, void *arg)
{
	return e == arg;
}

/* The expression the top level of `body` last sets `v` to (its
 * declaration's initializer, or `v = e`) before the statement that holds
 * the test `cond`; NULL when none, or when cond is not in the body */
static ir_expr *body_def(ir_stmt *body, const ir_var *v, ir_expr *cond)
{
	ir_stmt **items = body && body->kind == S_SEQ ? body->kids : &body;
	int n = body && body->kind == S_SEQ ? body->nkids : 1;
	ir_expr *def = NULL;
	for (int i = 0; i < n; i++) {
		ir_stmt *it = items[i];
		if (it && it->kind == S_SEQ && it->nkids == 1)
			it = it->kids[0];
		if (!it)
			continue;
		if (ir_any_stmt(it, is_node, cond))
			return def;
		if (it->kind == S_DECL && it->var == v && it->e)
			def = it->e;
		else if (it->kind == S_EXPR && it->e && it->e->kind == E_ASSIGN &&
			 it->e->op == OP_NONE && it->e->nkids == 2 &&
			 plain_var(it->e->kids[0]) == v)
			def = it->e->kids[1];
	}
	return NULL;
}

static void derived_vars(ctx *c, const loopctx *lc, ir_expr *cond, ir_expr *x, derived *dv, int *nd,
			 int *bad)
{
	if (!x || *bad)
		return;
	ir_var *v = x->kind == E_VAR ? x->var : NULL;
	if (v && v != lc->v && !v->global) {
		for (int d = 0; d < *nd; d++)
			if (dv[d].e && dv[d].st == storage(c, v))
				return;
		ir_expr *def = body_def(lc->body, v, cond);
		if (def && expr_pure(def) && expr_uses(def, lc->v)) {
			val *st = storage(c, v);
			if (!st || *nd >= MAX_DERIVED) {
				*bad = 1;
				return;
			}
			dv[*nd].st = st;
			dv[*nd].old = *st;
			dv[*nd].e = def;
			(*nd)++;
		}
		return;
	}
	if (x->kind == E_STMT || x->kind == E_CALL)
		return;
	for (int i = 0; i < x->nkids; i++)
		derived_vars(c, lc, cond, x->kids[i], dv, nd, bad);
}

/* The variables `cond` tests that the body of loop lc sets from its
 * counter (body_def), into dv: how many, 0 when none */
static int counter_derived(ctx *c, const loopctx *lc, ir_expr *cond, derived *dv)
{
	if (!lc->body || lc->trip < 1)
		return 0;
	int nd = 0, bad = 0;
	derived_vars(c, lc, cond, cond, dv, &nd, &bad);
	return bad ? 0 : nd;
}

static int counter_avg(ctx *c, ir_expr *cond, int as_truth, double *p, double *und)
{
	if (!cond || !expr_pure(cond))
		return 0;
	loopctx *lc = NULL, rk = { 0 };
	derived dv[MAX_DERIVED];
	int nd = 0;
	for (size_t i = c->loops.n; i-- > 0;)
		if (c->loops.v[i].fr == c->fr && expr_uses(cond, c->loops.v[i].v)) {
			lc = &c->loops.v[i];
			break;
		}
	for (size_t i = c->loops.n; !lc && i-- > 0;)
		if (c->loops.v[i].fr == c->fr &&
		    (nd = counter_derived(c, &c->loops.v[i], cond, dv)) > 0)
			lc = &c->loops.v[i];
	ir_var *cv = NULL; /* a parameter holding a caller's counter (counter_params) */
	for (int k = 0; !lc && c->fr && k < c->fr->nctr; k++)
		if (c->fr->ctr[k].loop < c->loops.n && expr_uses(cond, c->fr->ctr[k].param)) {
			lc = &c->loops.v[c->fr->ctr[k].loop];
			cv = c->fr->ctr[k].param;
		}
	if (!lc && (rk.v = rank_var(c, cond))) {
		/* `rank == 0`: the share of the P14 ranks for which it holds */
		rk.start = 0, rk.step = 1;
		rk.trip = c->p->opts.nprocs > 0 ? c->p->opts.nprocs : 1;
		lc = &rk;
	}
	if (!lc || lc->trip < 1)
		return 0;
	val *st = storage(c, cv ? cv : lc->v);
	if (!st)
		return 0;
	val saved = *st;
	double saved_ops = c->ops;
	long saved_steps = c->steps;
	double n = lc->trip, hits = 0, undecided = 0;
	long tries = n > 10000 ? 10000 : (long)n;
	int ok = 1;
	for (long k = 0; k < tries && ok; k++) {
		double idx = tries == (long)n ? (double)k : floor((double)k * n / (double)tries);
		double x = lc->mul ? lc->start * pow(lc->step, idx) : lc->start + idx * lc->step;
		*st = flt_to_int(x, 0);
		for (int d = 0; d < nd; d++)
			*dv[d].st = eval(c, dv[d].e);
		val r;
		if (!as_truth && cond->kind == E_COND) { /* the arm, not this E_COND again */
			val kv = eval(c, cond->kids[0]);
			int tk = truth(&kv);
			r = tk < 0 ? unk(0) : eval(c, cond->kids[tk ? 1 : 2]);
		} else {
			r = eval(c, cond);
		}
		int tv = truth(&r);
		if (as_truth && tv < 0) { /* decided by something else on this pass */
			/* most passes so far: the counter does not decide it */
			if (++undecided > 16 && 2 * undecided > (double)k + 1)
				ok = 0;
		} else if (!as_truth && !known_num(&r))
			ok = 0;
		hits += as_truth ? tv > 0 : (ok ? num(&r) : 0);
	}
	*st = saved;
	for (int d = 0; d < nd; d++)
		*dv[d].st = dv[d].old;
	c->ops = saved_ops;
	c->steps = saved_steps;
	/* a test the counter decides on some passes only (`i > 0 || more`) */
	if (!ok || undecided >= (double)tries || (undecided > 0 && !und))
		return 0;
	*p = hits / (double)tries;
	if (und)
		*und = undecided / (double)tries;
	return 1;
}

/* the comparison with its operands swapped: `K < x` is `x > K` */
static int mirror_cmp(int op)
{
	return op == OP_LT   ? OP_GT
	       : op == OP_GT ? OP_LT
	       : op == OP_LE ? OP_GE
	       : op == OP_GE ? OP_LE
			     : op;
}

/* The heuristics that read the condition itself: the probability that it
 * holds (0.5 when none applies); *why names the ones that fired. */
static double cond_heuristics(ir_expr *e, unsigned *why)
{
	e = strip_casts(e);
	if (!e)
		return 0.5;
	if (e->kind == E_UN && e->op == OP_NOT && e->nkids == 1 && is_pointer_expr(e->kids[0])) {
		*why |= 1;
		return 1 - HR_POINTER;
	}
	if (is_pointer_expr(e)) {
		*why |= 1;
		return HR_POINTER;
	}
	/* a function's own unsigned count, size or position tested as a
	 * truth value (`if (out.pos)`, `if (!n)`: a local variable or a
	 * member of a local struct) is the comparison `x != 0` (`x == 0`)
	 * the opcode heuristic predicts: the branch a compiler makes of it
	 * is the same.  Not a signed int or a bool, nor state reached
	 * through a pointer or kept in a global (`ctx->col`, `o->verbose`):
	 * those are as often flags, set and cleared, for which it says
	 * nothing. */
	ir_expr *z =
		e->kind == E_UN && e->op == OP_NOT && e->nkids == 1 ? strip_casts(e->kids[0]) : e;
	ir_expr *base = z && z->kind == E_MEMBER && z->op == 0 && z->nkids == 1
				? strip_casts(z->kids[0])
				: z;
	if (z && (z->kind == E_VAR || z->kind == E_MEMBER) && z->is_unsigned && !z->is_float &&
	    !is_pointer_expr(z) && base && base->kind == E_VAR && !base->var->global &&
	    !base->var->is_pointer) {
		*why |= 2;
		return z == e ? HR_OPCODE : 1 - HR_OPCODE;
	}
	if (e->kind != E_BIN || e->nkids != 2)
		return 0.5;
	int op = e->op;
	ir_expr *l = strip_casts(e->kids[0]), *r = strip_casts(e->kids[1]);
	if ((op == OP_EQ || op == OP_NE) && (is_pointer_expr(l) || is_pointer_expr(r))) {
		*why |= 1;
		return op == OP_EQ ? 1 - HR_POINTER : HR_POINTER;
	}
	if (l && l->kind == E_INT && !(r && r->kind == E_INT)) { /* K op x  ==  x op' K */
		ir_expr *t = l;
		l = r, r = t;
		op = mirror_cmp(op);
	}
	if (!r || r->kind != E_INT)
		return 0.5;
	if (r->ival == 0 && (op == OP_LT || op == OP_LE)) {
		*why |= 2;
		return 1 - HR_OPCODE;
	}
	if (r->ival == 0 && (op == OP_GT || op == OP_GE)) {
		*why |= 2;
		return HR_OPCODE;
	}
	if (op == OP_EQ || op == OP_NE) {
		*why |= 2;
		return op == OP_EQ ? 1 - HR_OPCODE : HR_OPCODE;
	}
	return 0.5;
}

/* What depends on a statement's IR alone, computed once per statement
 * and walk (branches and loops are walked millions of times): the list
 * writes_stmt builds, in its order (arena memory), or a yes/no in n. */
typedef struct wcache_ent {
	uintptr_t key; /* the statement | a WC_* tag (statements are 8-aligned) */
	ir_var **v;
	size_t n;
} wcache_ent;

enum { WC_ARMS, WC_LOOP, WC_CALL, WC_RETURN, WC_SEQ_EXIT, WC_VARY, WC_ONCE, WC_ONCE_RAN };

static size_t wcache_slot(const ctx *c, uintptr_t key)
{
	size_t i = (size_t)((key >> 3) * 0x9e3779b97f4a7c15ull) & (c->wcache_cap - 1);
	while (c->wcache[i].key && c->wcache[i].key != key)
		i = (i + 1) & (c->wcache_cap - 1);
	return i;
}

/* The entry of (s, tag): *fresh when it has just been made (key set, to
 * be filled by the caller); the pointer lasts until the next call. */
static wcache_ent *wcache_get(ctx *c, const ir_stmt *s, int tag, int *fresh)
{
	uintptr_t key = (uintptr_t)s | (uintptr_t)tag;
	if ((c->wcache_n + 1) * 2 > c->wcache_cap) {
		wcache_ent *old = c->wcache;
		size_t ocap = c->wcache_cap;
		c->wcache_cap = ocap ? ocap * 2 : 1024;
		c->wcache = vd_xcalloc(c->wcache_cap, sizeof(wcache_ent));
		for (size_t i = 0; i < ocap; i++)
			if (old[i].key)
				c->wcache[wcache_slot(c, old[i].key)] = old[i];
		free(old);
	}
	size_t i = wcache_slot(c, key);
	*fresh = !c->wcache[i].key;
	if (*fresh) {
		c->wcache[i].key = key;
		c->wcache_n++;
	}
	return &c->wcache[i];
}

static int stmt_has(const ir_stmt *s, int what);

static int expr_has_call(const ir_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == E_CALL)
		return 1;
	if (e->kind == E_STMT && stmt_has(e->stmt, 'c'))
		return 1;
	for (int i = 0; i < e->nkids; i++)
		if (expr_has_call(e->kids[i]))
			return 1;
	return 0;
}

/* Does the statement contain a call ('c'), a return ('r')? */
static int stmt_has(const ir_stmt *s, int what)
{
	if (!s)
		return 0;
	if (what == 'r' && s->kind == S_RETURN)
		return 1;
	if (what == 'c' && (expr_has_call(s->e) || expr_has_call(s->inc)))
		return 1;
	if (stmt_has(s->init, what))
		return 1;
	for (int i = 0; i < s->nkids; i++)
		if (stmt_has(s->kids[i], what))
			return 1;
	return 0;
}

/* stmt_has, once per statement and walk */
static int stmt_has_once(ctx *c, const ir_stmt *s, int what)
{
	if (!s)
		return 0;
	int fresh;
	wcache_ent *e = wcache_get(c, s, what == 'c' ? WC_CALL : WC_RETURN, &fresh);
	if (fresh)
		e->n = (size_t)stmt_has(s, what);
	return (int)e->n;
}

/* Does a statement of sequence s end the program (vd_stmt_exits)?  Once
 * per sequence and walk. */
static int seq_exits(ctx *c, const ir_stmt *s)
{
	int fresh;
	wcache_ent *e = wcache_get(c, s, WC_SEQ_EXIT, &fresh);
	if (fresh) {
		e->n = 0;
		for (int i = 0; i < s->nkids && !e->n; i++)
			e->n = (size_t)vd_stmt_exits(s->kids[i]);
	}
	return (int)e->n;
}

/* Does every path through the arm end the program (exit, abort, a
 * function that always exits) - or, with `leaves`, also leave the code
 * that follows it (return, goto)? */
static int arm_ends(const ir_stmt *s, int leaves)
{
	if (!s)
		return 0;
	if (vd_stmt_exits(s) || (leaves && (s->kind == S_RETURN || s->kind == S_GOTO)))
		return 1;
	if (s->kind == S_SEQ) {
		for (int i = 0; i < s->nkids; i++)
			if (arm_ends(s->kids[i], leaves))
				return 1;
		return 0;
	}
	if (s->kind == S_IF && s->nkids == 2)
		return arm_ends(s->kids[0], leaves) && arm_ends(s->kids[1], leaves);
	return 0;
}

/* A `do { ... } while (0)`: a macro body that runs once */
static int once_do(const ir_stmt *s)
{
	if (s->kind != S_DO || s->nkids != 1 || !s->e)
		return 0;
	const ir_expr *e = s->e;
	while (e->kind == E_CAST && e->nkids == 1)
		e = e->kids[0];
	return e->kind == E_INT && e->ival == 0;
}

/* Does the arm end in an error exit: a goto (the `goto fail` idiom), a
 * return of a negative constant, or - from main - of a non-zero one? */
static int arm_error_exit(const ir_stmt *s, const ir_func *fn)
{
	if (!s)
		return 0;
	if (s->kind == S_GOTO || vd_stmt_exits(s))
		return 1;
	if (s->kind == S_RETURN && s->e) {
		const ir_expr *e = s->e;
		while (e->kind == E_CAST && e->nkids == 1)
			e = e->kids[0];
		if (e->kind == E_UN && e->op == OP_NEG && e->nkids == 1 &&
		    e->kids[0]->kind == E_INT)
			return e->kids[0]->ival > 0;
		if (e->kind == E_INT)
			return e->ival < 0 || (e->ival != 0 && fn && !strcmp(fn->name, "main"));
		return 0;
	}
	if (s->kind == S_SEQ)
		for (int i = s->nkids; i-- > 0;)
			if (s->kids[i] && s->kids[i]->kind != S_NOP)
				return arm_error_exit(s->kids[i], fn);
	if (once_do(s)) /* a macro's `do { ...; goto done; } while (0)` */
		return arm_error_exit(s->kids[0], fn);
	return 0;
}

static ir_var *plain_var(ir_expr *e);

enum {
	PR_EXACT = 1,
	PR_EXIT,
	PR_ERROR,
	PR_HEUR,
	PR_ONCE,
	PR_FAIL,
	PR_ODDS,
	PR_REFILL,
	PR_CHANGE,
	PR_LAZY,
	PR_SEEN,
	PR_FORK
};
static int lazy_prob(ctx *c, ir_expr *cond, double *p);
static int change_prob(ctx *c, ir_stmt *s, double *p);

/* Does the arm leave with a failure value: `ret = -1; goto done;` (a
 * negative constant, or NULL into a pointer, stored just before a goto -
 * HDF5's HGOTO_ERROR, the `rc = -1; goto out;` idiom)? */
static int arm_fail_goto(const ir_stmt *s)
{
	while (s && (s->kind == S_SEQ || once_do(s))) {
		if (s->kind != S_SEQ) {
			s = s->kids[0];
			continue;
		}
		int i = s->nkids - 1;
		while (i >= 0 && (!s->kids[i] || s->kids[i]->kind == S_NOP))
			i--;
		if (i < 0)
			return 0;
		if (s->kids[i]->kind != S_GOTO) {
			s = s->kids[i];
			continue;
		}
		int j = i - 1;
		while (j >= 0 && (!s->kids[j] || s->kids[j]->kind == S_NOP))
			j--;
		const ir_expr *x = j >= 0 && s->kids[j]->kind == S_EXPR ? s->kids[j]->e : NULL;
		if (!x || x->kind != E_ASSIGN || x->op != OP_NONE || x->nkids != 2)
			return 0;
		const ir_expr *v = x->kids[1];
		while (v->kind == E_CAST && v->nkids == 1)
			v = v->kids[0];
		long long k;
		if (v->kind == E_INT)
			k = v->ival;
		else if (v->kind == E_UN && v->op == OP_NEG && v->nkids == 1 &&
			 v->kids[0]->kind == E_INT)
			k = -v->kids[0]->ival;
		else
			return 0;
		ir_var *r = plain_var(x->kids[0]);
		return r && (k < 0 || (k == 0 && r->is_pointer));
	}
	return 0;
}

/* A run-once guard, `if (!done) { done = 1; init(); }`: the condition reads
 * a global variable and the then-arm, first thing, stores a constant into
 * it.  The flag, or NULL when s is not one. */
static ir_var *once_guard_flag(const ir_stmt *s)
{
	if (s->kind != S_IF || !s->nkids || !s->kids[0] || !s->e)
		return NULL;
	const ir_stmt *a = s->kids[0];
	while (a && a->kind == S_SEQ && a->nkids)
		a = a->kids[0]; /* the arm's first statement */
	if (!a || a->kind != S_EXPR || !a->e)
		return NULL;
	const ir_expr *x = a->e, *v;
	if (x->kind != E_ASSIGN || x->op != OP_NONE || x->nkids != 2)
		return NULL;
	for (v = x->kids[1]; v->kind == E_CAST && v->nkids == 1;)
		v = v->kids[0];
	ir_var *g = plain_var(x->kids[0]);
	return v->kind == E_INT && g && g->global && expr_uses(s->e, g) ? g : NULL;
}

/* The run-once state of the guard s: the expected share of runs in which
 * its flag's arm (in this or another guard of the same flag) has already
 * run, or NULL when s is none (kept as a double in the entry's n). */
static size_t *once_state(ctx *c, const ir_stmt *s)
{
	int fresh;
	wcache_ent *e = wcache_get(c, s, WC_ONCE, &fresh);
	if (fresh)
		e->v = (ir_var **)once_guard_flag(s); /* the flag itself, not a list */
	if (!e->v)
		return NULL;
	wcache_ent *r = wcache_get(c, (const ir_stmt *)(void *)e->v, WC_ONCE_RAN, &fresh);
	if (fresh) {
		double z = 0;
		memcpy(&r->n, &z, sizeof z);
		vd_vec_push(c->once_keys, r->key); /* state: see state_save */
	}
	return &r->n;
}

static double once_ran(const size_t *st)
{
	double d;
	memcpy(&d, st, sizeof d);
	return d;
}

/* the guard's arm runs `m` times per run: so much more of the runs have it */
static void once_add(size_t *st, double m)
{
	double d = once_ran(st) + m;
	if (d > 1)
		d = 1;
	memcpy(st, &d, sizeof d);
}

/* The probability that an `if` whose condition `k` is unknown takes its
 * then arm; *kind says on what it rests, *why (heuristics) which fired. */
static double grows_by_stmt(ctx *c, ir_stmt *s, const ir_expr *v);
static int lv_same(const ir_expr *a, const ir_expr *b);

/* The step by which the lvalue `v` (a variable, or a member: `w->used`)
 * grows in `e` (v++, ++v, v += k, v = v + k with k known), 0 when it does
 * not */
static double grows_by(ctx *c, ir_expr *e, const ir_expr *v)
{
	if (!e)
		return 0;
	if (e->kind == E_INCDEC && e->nkids == 1 && lv_same(e->kids[0], v) &&
	    (e->op == OP_PREINC || e->op == OP_POSTINC))
		return 1;
	if (e->kind == E_ASSIGN && e->nkids == 2 && lv_same(e->kids[0], v) &&
	    (e->op == OP_ADD ||
	     (e->op == OP_NONE && e->kids[1]->kind == E_BIN && e->kids[1]->op == OP_ADD &&
	      e->kids[1]->nkids == 2 && lv_same(e->kids[1]->kids[0], v)))) {
		ir_expr *k = e->op == OP_ADD ? e->kids[1] : e->kids[1]->kids[1];
		if (expr_pure(k)) {
			double ops0 = c->ops;
			val kv = eval(c, k);
			c->ops = ops0;
			if (known_num(&kv) && num(&kv) > 0)
				return num(&kv);
			if (kv.k == V_UNK && (kv.t & T_EXPECT) && kv.f > 0)
				return kv.f; /* by a string's expected length */
		}
	}
	if (e->kind == E_STMT)
		return grows_by_stmt(c, e->stmt, v);
	for (int i = 0; i < e->nkids; i++) {
		double st = grows_by(c, e->kids[i], v);
		if (st > 0)
			return st;
	}
	return 0;
}

static double grows_by_stmt(ctx *c, ir_stmt *s, const ir_expr *v)
{
	if (!s)
		return 0;
	double st = grows_by(c, s->e, v);
	if (st <= 0)
		st = grows_by(c, s->inc, v);
	for (int i = 0; st <= 0 && i < s->nkids; i++)
		st = grows_by_stmt(c, s->kids[i], v);
	return st;
}

static int fill_prob(ctx *c, ir_expr *cond, double *p);

/* Is `e` a test that enough time has passed: `now - last > K`,
 * `t >= deadline`, `K < elapsed` - a comparison whose greater side is
 * read from a clock (T_CLOCK) and whose other side is not */
static int clock_value(ctx *c, ir_expr *x)
{
	x = strip_casts(x);
	if (!x)
		return 0;
	if (x->kind == E_CALL) /* `MPI_Wtime() - t0`, `difftime(now, last)`: not walked here */
		return x->str && (!strcmp(x->str, "time") || !strcmp(x->str, "clock") ||
				  !strcmp(x->str, "difftime") || !strcmp(x->str, "MPI_Wtime") ||
				  !strcmp(x->str, "omp_get_wtime"));
	if (x->kind == E_BIN && x->nkids == 2 && !expr_pure(x) &&
	    (x->op == OP_SUB || x->op == OP_ADD || x->op == OP_MUL || x->op == OP_DIV))
		return clock_value(c, x->kids[0]) || clock_value(c, x->kids[1]);
	if (!expr_pure(x))
		return 0;
	double ops0 = c->ops;
	val v = eval(c, x);
	c->ops = ops0;
	return v.k == V_UNK && (v.t & T_CLOCK);
}

static int elapsed_test(ctx *c, ir_expr *e)
{
	e = strip_casts(e);
	if (!e || e->kind != E_BIN || e->nkids != 2 ||
	    (e->op != OP_GT && e->op != OP_GE && e->op != OP_LT && e->op != OP_LE))
		return 0;
	int big = e->op == OP_GT || e->op == OP_GE ? 0 : 1; /* the side that must be larger */
	return clock_value(c, e->kids[big]) && !clock_value(c, e->kids[1 - big]);
}

/* An elapsed-time test (`if (now - last > max_seconds) checkpoint();`)
 * counts as not taken: the time a run takes is not known from the source,
 * and such thresholds are set to be rare (minutes or hours against steps
 * that take less).  `step % every == 0 || now - last > max` holds as its
 * other operand does; `&&` with one never holds.  *p gets the share. */
static int elapsed_prob(ctx *c, ir_expr *cond, double *p)
{
	cond = strip_casts(cond);
	if (!cond)
		return 0;
	if (elapsed_test(c, cond)) {
		*p = 0;
		return 1;
	}
	if (cond->kind != E_BIN || cond->nkids != 2 || (cond->op != OP_LOR && cond->op != OP_LAND))
		return 0;
	int side = elapsed_test(c, cond->kids[1]) ? 0 : elapsed_test(c, cond->kids[0]) ? 1 : -1;
	if (side < 0)
		return 0;
	if (cond->op == OP_LAND) {
		*p = 0;
		return 1;
	}
	ir_expr *o = cond->kids[side];
	double ops0 = c->ops;
	val ov = expr_pure(o) ? eval(c, o) : unk(0);
	c->ops = ops0;
	int t = truth(&ov);
	unsigned why = 0;
	if (t >= 0)
		*p = t;
	else if (!counter_prob(c, o, p) && !fill_prob(c, o, p))
		*p = cond_heuristics(o, &why);
	return 1;
}

/* The share of the values of x that `x & m` (m a positive constant) or
 * `x % k == r` (k > 0, 0 <= r < k) accept when x is a value read from
 * input or returned by a call (T_CALLRES) the walk does not know, its low
 * bits taken as evenly spread: `x & 1` 1/2, `x & 6` 3/4, `x % 4 == 0`
 * 1/4.  *kind: 1 for `x & m`, 2 for `x % k == r`; 0 when e is neither. */
static double low_bits_share(ctx *c, ir_expr *e, int *kind)
{
	*kind = 0;
	e = strip_casts(e);
	if (!e || e->kind != E_BIN || e->nkids != 2)
		return 0;
	ir_expr *l = strip_casts(e->kids[0]), *r = strip_casts(e->kids[1]);
	if (e->op == OP_BAND && l && r && l->kind == E_INT)
		l = r, r = strip_casts(e->kids[0]);
	ir_expr *m = e->op == OP_MOD || e->op == OP_BAND ? r : NULL;
	if (!m || m->kind != E_INT || m->ival <= 0 || !expr_pure(l))
		return 0;
	val x = peek(c, l);
	if (x.k != V_UNK || !(x.t & T_CALLRES))
		return 0;
	if (e->op == OP_BAND) {
		*kind = 1;
		return 1 - ldexp(1, -__builtin_popcountll((unsigned long long)m->ival));
	}
	*kind = 2;
	return 1.0 / (double)m->ival;
}

/* A test of the low bits of an unknown value from input or a call
 * (low_bits_share): `p.flags & 1`, `!(x & 4)`, `(x & 3) == 0`, `h % 4 ==
 * 0`, `h % 4 != 1`.  *p gets the share of the values for which it holds. */
static int bits_prob(ctx *c, ir_expr *cond, double *p)
{
	cond = strip_casts(cond);
	if (!cond)
		return 0;
	int neg = 0, kind;
	if (cond->kind == E_UN && cond->op == OP_NOT && cond->nkids == 1)
		neg = 1, cond = strip_casts(cond->kids[0]);
	double sh = low_bits_share(c, cond, &kind);
	if (kind == 1) { /* x & m as a truth value */
		*p = neg ? 1 - sh : sh;
		return 1;
	}
	if (kind == 2) { /* x % k as a truth value: not 0 */
		*p = neg ? sh : 1 - sh;
		return 1;
	}
	if (!cond || cond->kind != E_BIN || cond->nkids != 2 ||
	    (cond->op != OP_EQ && cond->op != OP_NE))
		return 0;
	ir_expr *l = strip_casts(cond->kids[0]), *r = strip_casts(cond->kids[1]);
	if (l && l->kind == E_INT)
		l = r, r = strip_casts(cond->kids[0]);
	if (!r || r->kind != E_INT)
		return 0;
	sh = low_bits_share(c, l, &kind);
	double eq;
	if (kind == 1) {
		ir_expr *bl = strip_casts(l->kids[0]), *bm = strip_casts(l->kids[1]);
		long long mv = bm && bm->kind == E_INT ? bm->ival : bl->ival;
		int bits = __builtin_popcountll((unsigned long long)mv);
		if (r->ival == 0)
			eq = ldexp(1, -bits);
		else if ((r->ival & ~mv) == 0)
			eq = ldexp(1, -bits); /* one pattern of the masked bits */
		else
			eq = 0;
	} else if (kind == 2) {
		ir_expr *km = strip_casts(l->kids[1]);
		eq = r->ival >= 0 && r->ival < km->ival ? sh : 0;
	} else {
		return 0;
	}
	double q = cond->op == OP_EQ ? eq : 1 - eq;
	*p = neg ? 1 - q : q;
	return 1;
}

/* The lvalue a buffer-fill test counts with: a variable, or a member of
 * a struct the walk knows (`w->used`, `s.n`), NULL for anything else */
static ir_expr *fill_lvalue(ir_expr *e)
{
	e = strip_casts(e);
	if (e && e->kind == E_VAR)
		return e;
	if (e && e->kind == E_MEMBER && e->nkids == 1 && e->str && expr_pure(e))
		return e;
	return NULL;
}

/* The slot of the member `m` of a struct the walk knows, NULL when it has
 * none; *list and *idx locate it in its list of fields. */
static field_val *fill_field(ctx *c, ir_expr *m, fieldvec **list)
{
	int elem = 0;
	val bv = unk(0);
	val *owner = member_owner(c, m->kids[0], m->op == 1, &elem, NULL, &bv);
	if (!owner || elem)
		return NULL;
	return field_slot_in(c, owner, m->str, 0, list);
}

/* Does the fill level `lv` vary from pass to pass: a variable the walk
 * marked varying, or a member whose value is unknown */
static const ir_expr *stepped_field(ctx *c, const ir_expr *e, ir_stmt **loop);

static int fill_varies(ctx *c, ir_expr *lv)
{
	if (lv->kind == E_VAR) {
		val *st = storage(c, lv->var);
		return st && st->k == V_UNK && (st->t & T_VARY);
	}
	fieldvec *list;
	field_val *f = fill_field(c, lv, &list);
	/* a member one of the loops walked once steps varies too, whatever
	 * value the first iteration left in it (`w->n += k` in a writer's
	 * put() called once per record) */
	ir_stmt *loop = NULL;
	int stepped = c->once_loops.n && stepped_field(c, lv, &loop);
	if (f)
		return f->v.k == V_UNK || stepped;
	val *hf = heap_field(c, lv); /* a member of a heap object */
	return hf && hf->k != V_ARR && (hf->k == V_UNK || stepped);
}

/* Where a buffer-fill test on a member holds, the member holds the fill
 * level (marked assumed): stored as any field write is (logged while a
 * branch's arms are walked, so the arm's own `w->used = 0` or the walk
 * of the other arm undoes it). */
static void fill_field_level(ctx *c, ir_expr *m, double level)
{
	fieldvec *list;
	field_val *f = fill_field(c, m, &list);
	if (!f) {
		val *hf = heap_field(c, m);
		if (hf && hf->k != V_ARR)
			assign_to(c, m, flt_to_int(level, T_ASSUMED));
		return;
	}
	flog_note(c, list, (size_t)(f - list->v), NULL);
	f->v = flt_to_int(level, T_ASSUMED);
}

/* A buffer filled in steps and emptied when full - `if (outcnt ==
 * OUTBUFSIZ) flush_outbuf();` next to `outcnt++`, `if (++pos >= CAP)`,
 * `if (used + n > CAP)
 * flush(); ... used += n;` - takes its arm once per ⌊(CAP - n) / step⌋ + 1
 * passes, not with a general heuristic's 0.2: `v` varies, CAP and n are
 * known, and the function grows `v` by a known step.  *p gets that share. */
static int fill_prob_at(ctx *c, ir_expr *cond, double *p, ir_expr **fv, double *level)
{
	cond = strip_casts(cond);
	if (!cond || cond->kind != E_BIN || cond->nkids != 2 || !c->fr || !c->fr->fn ||
	    (cond->op != OP_EQ && cond->op != OP_GE && cond->op != OP_GT))
		return 0;
	ir_expr *l = strip_casts(cond->kids[0]), *r = cond->kids[1];
	double add = 0;
	ir_expr *lv = fill_lvalue(l);
	/* `if (++renc->pos >= BUFSZ) flush(renc);`: the test grows it */
	if (!lv && l->kind == E_INCDEC && l->nkids == 1 &&
	    (l->op == OP_PREINC || l->op == OP_POSTINC))
		lv = fill_lvalue(l->kids[0]);
	if (!lv && l->kind == E_BIN && l->op == OP_ADD && l->nkids == 2) {
		ir_expr *a = l->kids[0], *b = l->kids[1];
		/* of two, the fill level is the one the function grows (`nn +
		 * linep > max_line_len` next to `linep += nn`: the line's
		 * position) */
		if ((!fill_lvalue(a) && fill_lvalue(b)) ||
		    (fill_lvalue(a) && fill_lvalue(b) &&
		     grows_by_stmt(c, c->fr->fn->body, fill_lvalue(a)) <= 0 &&
		     grows_by_stmt(c, c->fr->fn->body, fill_lvalue(b)) > 0)) {
			ir_expr *t = a;
			a = b, b = t;
		}
		lv = fill_lvalue(a);
		if (!lv || !expr_pure(b))
			return 0;
		double ops0 = c->ops;
		val bv = eval(c, b);
		c->ops = ops0;
		if (!known_num(&bv) && !(bv.t & T_EXPECT))
			return 0;
		add = known_num(&bv) ? num(&bv) : bv.f; /* a string's expected length */
	}
	if (!lv || !expr_pure(r) || !fill_varies(c, lv))
		return 0;
	double ops0 = c->ops;
	val kv = eval(c, r);
	c->ops = ops0;
	if (!known_num(&kv))
		return 0;
	double cap = num(&kv) - add, step = grows_by_stmt(c, c->fr->fn->body, lv);
	if (step <= 0 || cap < step)
		return 0;
	double period = cond->op == OP_EQ ? cap / step : floor(cap / step) + (cond->op == OP_GT);
	if (period < 2)
		return 0;
	*p = 1 / period;
	if (fv) { /* what the variable holds when the arm runs: the fill level */
		*fv = lv;
		*level = cond->op == OP_EQ   ? cap
			 : cond->op == OP_GT ? (floor(cap / step) + 1) * step
					     : ceil(cap / step) * step;
	}
	return 1;
}

/* The truth of a comparison of an unknown of expected value (T_EXPECT:
 * `nn > 2` with nn a string's expected length) with a known number, at
 * that expected value; -1 when e is not one. */
static int expect_truth(ctx *c, ir_expr *e)
{
	e = strip_casts(e);
	if (!e || e->kind != E_BIN || e->nkids != 2 || !expr_pure(e) ||
	    (e->op != OP_GT && e->op != OP_GE && e->op != OP_LT && e->op != OP_LE))
		return -1;
	val a = peek(c, e->kids[0]), b = peek(c, e->kids[1]);
	double x, y;
	if (a.k == V_UNK && (a.t & T_EXPECT) && known_num(&b))
		x = a.f, y = num(&b);
	else if (b.k == V_UNK && (b.t & T_EXPECT) && known_num(&a))
		x = num(&a), y = b.f;
	else
		return -1;
	return e->op == OP_GT ? x > y : e->op == OP_GE ? x >= y : e->op == OP_LT ? x < y : x <= y;
}

/* A buffer-fill test, alone or with `&&` and a test that holds
 * (`nn + linep > max_line_len && nn > 2`: the second at nn's expected
 * value) */
static int fill_prob(ctx *c, ir_expr *cond, double *p)
{
	if (fill_prob_at(c, cond, p, NULL, NULL))
		return 1;
	cond = strip_casts(cond);
	if (!cond || cond->kind != E_BIN || cond->op != OP_LAND || cond->nkids != 2)
		return 0;
	for (int side = 0; side < 2; side++) {
		ir_expr *o = cond->kids[1 - side];
		if (!fill_prob_at(c, cond->kids[side], p, NULL, NULL))
			continue;
		val ov = expr_pure(o) ? peek(c, o) : unk(0);
		int t = truth(&ov);
		if (t < 0)
			t = expect_truth(c, o);
		if (t < 0)
			return 0;
		*p *= t;
		return 1;
	}
	return 0;
}

/* Where a buffer-fill test holds - its arm, the right side of its `&&` -
 * the variable holds the fill level (marked assumed).  A global is stored
 * as any write is (logged, so an arm's walk undoes it); a local directly. */
typedef struct fill_bind {
	val *st; /* the variable's storage, NULL when nothing was bound */
	val old; /* its value before */
	double level;
	int global;
} fill_bind;

static int fill_bind_level(ctx *c, ir_expr *cond, fill_bind *fb)
{
	ir_expr *fl = NULL;
	double p;
	fb->st = NULL;
	if (!fill_prob_at(c, cond, &p, &fl, &fb->level))
		return 0;
	if (fl->kind == E_MEMBER) {
		fill_field_level(c, fl, fb->level);
		return 0;
	}
	ir_var *v = fl->var;
	if (!(fb->st = storage(c, v)))
		return 0;
	fb->old = *fb->st;
	fb->global = v->global;
	val lv = flt_to_int(fb->level, T_ASSUMED);
	if (fb->global)
		store_val(c, fb->st, lv);
	else
		*fb->st = lv;
	return 1;
}

/* Two lvalues written the same way (`strm.avail_in`, `n`, `p->left`). */
static int lv_same(const ir_expr *a, const ir_expr *b)
{
	a = strip_casts((ir_expr *)a), b = strip_casts((ir_expr *)b);
	if (!a || !b || a->kind != b->kind)
		return 0;
	if (a->kind == E_VAR)
		return a->var == b->var;
	if (a->kind == E_MEMBER && a->nkids == 1 && b->nkids == 1)
		return a->str && b->str && !strcmp(a->str, b->str) && a->op == b->op &&
		       lv_same(a->kids[0], b->kids[0]);
	return 0;
}

/* The variable `cond` finds empty: `v == 0`, `!v`, `v <= 0`, also as the
 * left side of `&&`; NULL otherwise. */
static ir_expr *empty_test(ir_expr *cond)
{
	cond = strip_casts(cond);
	if (cond && cond->kind == E_BIN && cond->op == OP_LAND)
		cond = strip_casts(cond->kids[0]);
	if (!cond)
		return NULL;
	if (cond->kind == E_UN && cond->op == OP_NOT && cond->nkids == 1)
		return strip_casts(cond->kids[0]);
	if (cond->kind == E_BIN && (cond->op == OP_EQ || cond->op == OP_LE) && cond->nkids == 2) {
		ir_expr *r = strip_casts(cond->kids[1]);
		if (r && r->kind == E_INT && r->ival == 0)
			return strip_casts(cond->kids[0]);
	}
	return NULL;
}

/* In the rest of a stream loop (stream_rest), in its own function: `if
 * (avail_in == 0 && ...) avail_in = read_more(...);` refills an empty
 * input buffer from a call - once per iteration, since the iterations were
 * counted by the reads they make. */
static int refill_branch(ctx *c, ir_stmt *s)
{
	if (!c->stream_fr || c->fr != c->stream_fr || s->kind != S_IF || !s->nkids)
		return 0;
	ir_expr *v = empty_test(s->e);
	if (!v || (v->kind != E_VAR && v->kind != E_MEMBER) || !expr_pure(v))
		return 0;
	ir_stmt *t = s->kids[0];
	ir_stmt **items = t && t->kind == S_SEQ ? t->kids : &t;
	int n = t && t->kind == S_SEQ ? t->nkids : 1;
	for (int i = 0; i < n && i < 4; i++) {
		ir_expr *e = items[i] && items[i]->kind == S_EXPR ? items[i]->e : NULL;
		if (e && e->kind == E_ASSIGN && e->op == OP_NONE && e->nkids == 2 &&
		    lv_same(e->kids[0], v) && expr_has_call(e->kids[1]))
			return 1;
	}
	return 0;
}

/* ---- branches decided in the passes run one by one ----
 * A loop run iteration by iteration over a followed input (or a counted
 * loop) whose rest is walked once (concrete_rest) sees, in the passes it
 * ran, how often each `if` inside went which way: dos2unix's test for a
 * binary byte never held in 20 000 characters.  Walking the rest, an `if`
 * whose condition is unknown there takes the share of those passes in
 * which it was taken - a sample of the same input - instead of a static
 * heuristic, when it was decided at least SEEN_MIN times.  The record
 * lives while the outermost such loop runs (exec_concrete_run). */
#define SEEN_MIN 32
#define SEEN_MAX 512 /* ifs recorded at most */

static void seen_note(ctx *c, const ir_stmt *s, int taken)
{
	for (size_t i = c->seen.n; i-- > 0;)
		if (c->seen.v[i].s == s) {
			c->seen.v[i].taken += taken;
			c->seen.v[i].n++;
			return;
		}
	if (c->seen.n < SEEN_MAX) {
		seen_if e = { s, taken, 1 };
		vd_vec_push(c->seen, e);
	}
}

static const seen_if *seen_find(const ctx *c, const ir_stmt *s)
{
	for (size_t i = 0; i < c->seen.n; i++)
		if (c->seen.v[i].s == s)
			return &c->seen.v[i];
	return NULL;
}

static int seen_odds(ctx *c, const ir_stmt *s, double *p)
{
	const seen_if *e = c->seen_rest && !c->p->opts.paths_all ? seen_find(c, s) : NULL;
	if (!e || e->n < SEEN_MIN)
		return 0;
	*p = e->taken / e->n;
	return 1;
}

static double predict_rest(ctx *c, ir_stmt *s, const val *k, int *kind, unsigned *why);

/* A test a counted loop's counter decides on every iteration is counted;
 * on some only (`i > 0 || more`, `i == 0 && !done`), the iterations it
 * leaves undecided take what the other rules give. */
static double predict_if(ctx *c, ir_stmt *s, const val *k, int *kind, unsigned *why)
{
	double p, und = 0;
	*why = 0;
	if (!counter_split(c, s->e, &p, &und))
		return predict_rest(c, s, k, kind, why);
	if (und <= 0) {
		*kind = PR_EXACT;
		return p;
	}
	return p + und * predict_rest(c, s, k, kind, why);
}

static double predict_rest(ctx *c, ir_stmt *s, const val *k, int *kind, unsigned *why)
{
	ir_stmt *t = s->kids[0], *f = s->nkids > 1 ? s->kids[1] : NULL;
	double p;
	if (!f && change_prob(c, s, &p)) {
		*kind = PR_CHANGE;
		return p;
	}
	int te = arm_ends(t, 0), fe = arm_ends(f, 0);
	if (te != fe) {
		*kind = PR_EXIT;
		return te ? 0 : 1;
	}
	if (k->t & T_OK) { /* a test of an I/O or allocation call's result */
		int tl = arm_ends(t, 1), fl = arm_ends(f, 1);
		if (tl != fl) {
			*kind = PR_ERROR;
			return tl ? 0 : 1;
		}
	}
	if (k->t & T_CALLRES) { /* a call's status: `if (parse() != 0) return 1;` */
		const ir_func *fn = c->fr ? c->fr->fn : NULL;
		int tl = arm_error_exit(t, fn), fl = arm_error_exit(f, fn);
		if (tl != fl) {
			*kind = PR_ERROR;
			return tl ? 0 : 1;
		}
	}
	int tf = arm_fail_goto(t), ff = arm_fail_goto(f);
	if (tf != ff) { /* an error exit, whatever the test */
		*kind = PR_FAIL;
		return tf ? 0 : 1;
	}
	size_t *once = once_state(c, s);
	if (once && once_ran(once) > 0) {
		/* its flag is set in the runs where its arm already ran: the
		 * arm runs once per run in all */
		*kind = PR_ONCE;
		p = c->mult > 0 ? (1 - once_ran(once)) / c->mult : 0;
		return p > 1 ? 1 : p;
	}
	if (refill_branch(c, s)) {
		*kind = PR_REFILL;
		return 1;
	}
	if ((k->t & T_PTRUE) && truth(k) < 0) { /* a callee's odds (ret_odds) */
		*kind = PR_ODDS;
		return k->f;
	}
	if (lazy_prob(c, s->e, &p)) {
		*kind = PR_LAZY;
		return p;
	}
	if (seen_odds(c, s, &p)) {
		*kind = PR_SEEN;
		return p;
	}
	*kind = PR_HEUR;
	if (fill_prob(c, s->e, &p)) {
		*why = 16;
		return p;
	}
	if (elapsed_prob(c, s->e, &p)) {
		*why = 32;
		return p;
	}
	if (bits_prob(c, s->e, &p)) {
		*why = 64;
		return p;
	}
	p = cond_heuristics(s->e, why);
	int tr = stmt_has_once(c, t, 'r'), fr = stmt_has_once(c, f, 'r');
	if (tr != fr) {
		p = ds_combine(p, tr ? 1 - HR_RETURN : HR_RETURN);
		*why |= 4;
	}
	int tc = stmt_has_once(c, t, 'c'), fc = stmt_has_once(c, f, 'c');
	if (tc != fc) {
		p = ds_combine(p, tc ? 1 - HR_CALL : HR_CALL);
		*why |= 8;
	}
	return p;
}

static const char *why_text(unsigned why)
{
	static const char *const names[] = { "pointer",     "opcode",       "return",  "call",
					     "buffer-fill", "elapsed-time", "low-bits" };
	static char buf[8][64];
	static int slot;
	if (!why)
		return "no heuristic applies";
	char *b = buf[slot++ & 7];
	b[0] = 0;
	for (int i = 0; i < 7; i++)
		if (why & (1u << i)) {
			if (b[0])
				strcat(b, "+");
			strcat(b, names[i]);
		}
	strcat(b, " heuristic");
	return b;
}

/* The probability that an unknown condition inside an expression (?:, &&,
 * ||) holds. */
static double expr_prob(ctx *c, ir_expr *e)
{
	double p;
	unsigned why = 0;
	if (c->p->opts.paths_all)
		return 1;
	if (counter_prob(c, e, &p) || fill_prob(c, e, &p) || elapsed_prob(c, e, &p))
		return p;
	return cond_heuristics(e, &why);
}

/* Evaluates `e` as code that runs with probability p. */
static val eval_scaled(ctx *c, ir_expr *e, double p)
{
	flush_ops(c);
	double m = c->mult;
	c->mult = m * p;
	val r = eval(c, e);
	flush_ops(c);
	c->mult = m;
	return r;
}

static val eval_expr(ctx *c, ir_expr *e);

/* Every value an expression yields: a pointer into a frame whose call has
 * ended reads unknown, so no caller ever dereferences dead storage. */
static val eval(ctx *c, ir_expr *e)
{
	val v = eval_expr(c, e);
	if (v.k == V_REF && !ref_live(c, &v))
		return unk(v.t);
	return v;
}

/* ---- event counters ----
 * A global integer whose every write in the project is an increment by a
 * positive constant (`n++`, `++n`, `n += 2`; its address never taken) counts
 * events.  Where the walk no longer knows its value - incremented in an
 * arm of unknown condition or in a loop walked once - its expected value
 * is its value at the first increment walked plus the increments' expected
 * executions since (each walk of one adds the walk's multiplier), which a
 * formatted write of it then prints (`printf("%ld flushes\n", nflush)`). */
typedef struct evscan {
	int slot;
	int bad;
} evscan;

static int ev_plain(const ir_expr *e, int slot)
{
	e = strip_casts((ir_expr *)e);
	return e && e->kind == E_VAR && e->var && e->var->global && e->var->slot == slot;
}

static int evcount_bad_at(const ir_expr *e, void *arg)
{
	evscan *a = arg;
	if (e->kind == E_INCDEC && e->nkids == 1 && ev_plain(e->kids[0], a->slot))
		a->bad |= !(e->op == OP_PREINC || e->op == OP_POSTINC);
	else if (e->kind == E_ASSIGN && e->nkids == 2 && ev_plain(e->kids[0], a->slot))
		a->bad |= !(e->op == OP_ADD && e->kids[1]->kind == E_INT && e->kids[1]->ival > 0);
	else if (e->kind == E_UN && e->op == OP_ADDR && e->nkids == 1 &&
		 ev_plain(e->kids[0], a->slot))
		a->bad = 1;
	return a->bad;
}

static void format_text(vd_buf *out_, const char *fmt, val *args, int nargs, unsigned *taint,
			int *unknown);

static evcount *evcount_of(ctx *c, const ir_var *v, int create, const val *before)
{
	for (size_t i = 0; i < c->evcounts.n; i++)
		if (c->evcounts.v[i].slot == v->slot)
			return &c->evcounts.v[i];
	if (!create)
		return NULL;
	evscan a = { v->slot, 0 };
	for (size_t i = 0; i < c->p->funcs.n && !a.bad; i++)
		if (c->p->funcs.v[i]->body)
			ir_any_stmt(c->p->funcs.v[i]->body, evcount_bad_at, &a);
	/* the start: its initializer (0 without one), else what it held then */
	ir_expr *in = v->init ? strip_casts(v->init) : NULL;
	double base = in && in->kind == E_INT  ? (double)in->ival
		      : !v->init && v->has_def ? 0
		      : known_num(before)      ? num(before)
					       : NAN;
	evcount ev = { v->slot, !a.bad, base, 0 };
	if (vd_vec_push(c->evcounts, ev))
		return NULL;
	return &c->evcounts.v[c->evcounts.n - 1];
}

static void evcount_add(ctx *c, ir_expr *lv, const val *before, double step)
{
	lv = strip_casts(lv);
	if (!lv || lv->kind != E_VAR || !lv->var || !lv->var->global || lv->var->is_pointer ||
	    lv->var->is_float || c->p->opts.paths_all)
		return;
	evcount *ev = evcount_of(c, lv->var, 1, before);
	if (ev && ev->counter)
		ev->acc += c->mult * step;
}

/* a formatted write's unknown event counters, at their expected values
 * (rounded): the bytes of `%ld` follow them (the estimate stays flagged) */
static void evcount_format(ctx *c, ir_expr *e, const vd_catalog_entry *ce, val *args, int n,
			   double *len)
{
	int fa = ce->format_arg;
	if (fa < 0 || fa >= n || args[fa].k != V_STR || n - fa - 1 > 16 || e->nkids < n)
		return;
	val vals[16];
	int hit = 0;
	for (int k = fa + 1; k < n; k++) {
		vals[k - fa - 1] = args[k];
		ir_expr *x = strip_casts(e->kids[k]);
		if (args[k].k != V_UNK || !x || x->kind != E_VAR || !x->var || !x->var->global)
			continue;
		evcount *ev = evcount_of(c, x->var, 0, NULL);
		if (!ev || !ev->counter || isnan(ev->base))
			continue;
		vals[k - fa - 1] = flt_to_int(floor(ev->base + ev->acc + 0.5), T_ASSUMED);
		hit = 1;
	}
	if (!hit)
		return;
	unsigned taint = 0;
	int u = 0;
	vd_buf fb = VD_BUF_INIT;
	format_text(&fb, args[fa].s, vals, n - fa - 1, &taint, &u);
	*len = (double)fb.len;
	vd_buf_release(&fb);
}

static val eval_expr(ctx *c, ir_expr *e)
{
	if (!e)
		return unk(0);
	c->steps++;
	switch (e->kind) {
	case E_INT:
		return vint(e->ival);
	case E_FLOAT:
		return vflt(e->fval);
	case E_STR:
		return vstr(e->str);
	case E_VAR:
		return e->var->is_struct ? struct_whole(c, e->var) : eval_var(c, e->var);
	case E_FUNCREF: {
		val v = { 0 };
		v.k = V_FUNC;
		v.fn = e->usr ? vd_map_get(c->p->func_by_usr, e->usr) : NULL;
		v.fname = e->str;
		return v;
	}
	case E_CAST: {
		val v = eval(c, e->kids[0]);
		if (!e->is_float && v.k == V_FLT && !(v.t & T_MEAN))
			return flt_to_int(v.f, v.t);
		if (e->is_float && v.k == V_INT)
			return vflt((double)v.i);
		return v;
	}
	case E_BIN: {
		c->ops++;
		if (e->op == OP_LAND || e->op == OP_LOR) {
			val a = eval(c, e->kids[0]);
			unsigned ta = a.t & ~(unsigned)T_FACTS;
			int t = truth(&a);
			if (t >= 0 && c->p->opts.paths_all && (a.t & T_OK))
				t = -1; /* the upper bound takes error paths too */
			if (t >= 0) {
				if ((e->op == OP_LAND && !t) || (e->op == OP_LOR && t)) {
					val r = vint(t);
					r.t = ta;
					return r;
				}
				val b = eval(c, e->kids[1]);
				int tb = truth(&b);
				val r = tb >= 0 ? vint(tb) : unk(0);
				r.t = ta | (b.t & ~(unsigned)T_FACTS);
				if (tb < 0 && (b.t & T_PTRUE))
					r = vodds(b.f, r.t);
				return r;
			}
			/* the right operand runs only sometimes */
			double pa = expr_prob(c, e->kids[0]);
			c->cond++;
			if (!c->p->opts.paths_all && e->op == OP_LOR)
				pa = 1 - pa;
			/* `used + n > CAP && flush() != 0`: the flush runs with the
			 * buffer full; afterwards `used` is one of both */
			fill_bind fb = { 0 };
			if (e->op == OP_LAND && !c->p->opts.paths_all)
				fill_bind_level(c, e->kids[0], &fb);
			val b = eval_scaled(c, e->kids[1], pa);
			if (fb.st) {
				val now = *fb.st;
				store_val(c, fb.st, merge(&fb.old, &now));
			}
			c->cond--;
			/* `s % k == 0 && save() != 0`: a right operand known false
			 * (true for ||) whenever it runs decides the whole */
			int tb = truth(&b);
			if (tb >= 0 && !(c->p->opts.paths_all && (b.t & T_OK)) &&
			    tb == (e->op == OP_LOR)) {
				val r = vint(tb);
				r.t = b.t & ~(unsigned)T_FACTS;
				return r;
			}
			return unk((a.t | b.t) & ~(unsigned)T_FACTS);
		}
		val a = eval(c, e->kids[0]);
		val b = eval(c, e->kids[1]);
		if (e->op == OP_COMMA)
			return b;
		if (e->op == OP_NONE)
			return unk((a.t | b.t) & ~(unsigned)T_FACTS);
		int res;
		if (e->op >= OP_LT && e->op <= OP_NE && a.k == V_STR && b.k == V_STR && a.own &&
		    a.own == b.own) { /* `e > s`: two places in one buffer */
			val x = vint(a.s - a.own->lo), y = vint(b.s - b.own->lo);
			return arith(e->op, &x, &y, 0);
		}
		if (e->op >= OP_LT && e->op <= OP_NE && cmp_facts(e->op, &a, &b, &res)) {
			val r = vint(res);
			r.t = (a.t | b.t) & ~(unsigned)T_FACTS;
			return r;
		}
		if ((e->op == OP_EQ || e->op == OP_NE) && (a.t & T_PTRUE) != (b.t & T_PTRUE) &&
		    ((b.k == V_INT && b.i == 0) || (a.k == V_INT && a.i == 0))) {
			double pz = (a.t & T_PTRUE) ? a.f : b.f; /* `ok == 0`, `p != NULL` */
			return vodds(e->op == OP_NE ? pz : 1 - pz, a.t | b.t);
		}
		if ((e->op == OP_EQ || e->op == OP_NE) &&
		    (str_ptr_eq(&a, &b, &res) || ref_ptr_eq(c, &a, &b, &res))) {
			val r = vint(e->op == OP_EQ ? res : !res);
			r.t = (a.t | b.t) & ~(unsigned)T_FACTS;
			return r;
		}
		/* an allocation against an integer constant (`p == (void *)-1`,
		 * shmat's and mmap's failure value): a live object's address is
		 * never one */
		if ((e->op == OP_EQ || e->op == OP_NE) &&
		    ((a.k == V_MEM && b.k == V_INT) || (b.k == V_MEM && a.k == V_INT))) {
			val r = vint(e->op == OP_NE);
			r.t = (a.t | b.t) & ~(unsigned)T_FACTS;
			return r;
		}
		/* other pointer comparisons stay unknown */
		if ((e->op == OP_EQ || e->op == OP_NE) &&
		    (a.k == V_HANDLE || b.k == V_HANDLE || a.k == V_MEM || b.k == V_MEM))
			return unk(0);
		if (a.k == V_STR || b.k == V_STR) {
			val sp;
			if (str_arith(c, e->op, &a, &b, &sp))
				return sp;
		}
		if (a.k == V_MEM) {
			val mp;
			if (mem_arith(e->op, &a, &b, &mp))
				return mp;
		}
		if (e->ival == 1 || int_ptr_cast(e->kids[0]) || int_ptr_cast(e->kids[1])) {
			val fp;
			if (foff_arith(c, e->op, &a, &b, &fp))
				return fp;
		}
		if ((a.t | b.t) & T_BUF) {
			val bp;
			if (buf_arith(e->op, &a, &b, &bp))
				return bp;
		}
		/* a comparison is unsigned when an operand is (`SIZE_MAX < n`) */
		int uns = e->op >= OP_LT && e->op <= OP_GE
				  ? e->kids[0]->is_unsigned || e->kids[1]->is_unsigned
				  : e->is_unsigned;
		val r = arith(e->op, &a, &b, uns);
		r.t |= a.t | b.t;
		r.t &= ~(unsigned)T_FACTS;
		if (e->op == OP_MOD && (a.t & T_RAND))
			r.t |= T_RAND;
		if (r.k == V_UNK && nonaffine(e->op, &a, &b))
			r.t |= T_RAND;
		if (!e->is_float && r.k == V_FLT && e->op >= OP_ADD && e->op <= OP_MOD)
			r = flt_to_int(r.f, r.t);
		return r;
	}
	case E_UN: {
		c->ops++;
		if (e->op == OP_ADDR) {
			ir_expr *k = e->kids[0];
			while (k->kind == E_CAST && k->nkids == 1)
				k = k->kids[0];
			if (k->kind == E_VAR) {
				val cv = eval_var(c, k->var);
				if (cv.k == V_TYPE) /* &ompi_mpi_double: a datatype */
					return cv;
				val r = { 0 };
				r.k = V_REF;
				r.ref = storage(c, k->var);
				if (!k->var->global && c->fr) {
					r.i = (long long)c->fr->serial; /* dies with the call */
					if (!c->out_arg)
						escape(c->fr, k->var->slot);
				}
				return r.ref ? r : unk(0);
			}
			if (k->kind == E_FUNCREF)
				return eval(c, k);
			if (k->kind == E_MEMBER) { /* &it->next of a heap object */
				val r;
				if (heap_field_addr(c, k, &r))
					return r;
			}
			if (k->kind == E_INDEX) { /* &a[i]: a pointer to the element */
				val base = eval(c, k->kids[0]);
				val idx = eval(c, k->kids[1]);
				val r;
				if (base.k == V_ARR && idx.k == V_INT)
					base.i += idx.i;
				else if (base.k == V_ARR) /* which element is unknown */
					base.t |= T_INDIRECT;
				else if (base.k == V_MEM && mem_arith(OP_ADD, &base, &idx, &r))
					return r; /* &p[k] is p + k */
				return base;
			}
			return eval(c, k);
		}
		val a = eval(c, e->kids[0]);
		switch (e->op) {
		case OP_NEG:
			if (a.k == V_INT && e->is_unsigned)
				return vint((long long)(0ULL - (unsigned long long)a.i));
			if (a.k == V_INT)
				return a.i == LLONG_MIN ? unk(a.t) : vint(-a.i);
			if (a.k == V_FLT)
				return vflt(-a.f);
			return a;
		case OP_PLUS:
			return a;
		case OP_NOT: {
			int t = truth(&a);
			val r = t >= 0 ? vint(!t) : unk(0);
			r.t = a.t & ~(unsigned)T_FACTS;
			if (t < 0 && (a.t & T_PTRUE))
				r = vodds(1 - a.f, a.t);
			return r;
		}
		case OP_BNOT:
			return a.k == V_INT ? vint(~a.i) : unk(a.t);
		case OP_DEREF:
			if (a.k == V_REF)
				return *a.ref;
			if (a.k == V_FOFF)
				return foff_load(c, &a);
			if (a.k == V_FUNC) /* (*work)(...): a function designator */
				return a;
			if (a.k == V_STR)
				return vint((unsigned char)a.s[0]);
			if (a.k == V_MEM && a.a && a.a->elems && mem_slot(c, &a, 0))
				return *mem_slot(c, &a, 0);
			if (a.k == V_ARR && a.i >= 0 && a.i < a.a->n) {
				val r = ARR_AT(a.a, a.i);
				argv_seen(c, &r);
				return r;
			}
			return unk(a.t | T_INDIRECT);
		default:
			return unk(a.t);
		}
	}
	case E_INCDEC: {
		c->ops++;
		val a = eval(c, e->kids[0]);
		val one = vint(1);
		int op = (e->op == OP_PREINC || e->op == OP_POSTINC) ? OP_ADD : OP_SUB;
		val n;
		/* p++ on a known string: its next character; in a heap buffer: its
		 * next element */
		if (!str_arith(c, op, &a, &one, &n) && !mem_arith(op, &a, &one, &n))
			n = arith(op, &a, &one, e->is_unsigned);
		n.t |= a.t;
		if (op == OP_ADD)
			evcount_add(c, e->kids[0], &a, 1);
		assign_to(c, e->kids[0], n);
		return (e->op == OP_PREINC || e->op == OP_PREDEC) ? n : a;
	}
	case E_ASSIGN: {
		c->ops++;
		val r = e->op == OP_NONE ? eval_stored(c, e->kids[1]) : eval(c, e->kids[1]);
		if (e->op != OP_NONE) {
			val l = eval(c, e->kids[0]);
			/* `u += n`: computed in the common type of both sides */
			int uns = e->is_unsigned ||
				  (e->op != OP_SHL && e->op != OP_SHR && e->kids[1]->is_unsigned);
			val n = arith(e->op, &l, &r, uns);
			if (e->op == OP_ADD && e->kids[1]->kind == E_INT && e->kids[1]->ival > 0)
				evcount_add(c, e->kids[0], &l, (double)e->kids[1]->ival);
			n.t |= l.t | r.t;
			n.t &= ~(unsigned)T_FACTS;
			if (n.k == V_UNK && nonaffine(e->op, &l, &r))
				n.t |= T_RAND;
			r = n;
		} else {
			copy_literal(c, e, &r);
		}
		assign_to(c, e->kids[0], r);
		if (e->op == OP_NONE)
			struct_copy_members(c, e->kids[0], e->kids[1], &r);
		return r;
	}
	case E_INDEX: {
		c->ops++;
		val *ha = heap_array(c, e->kids[0]);
		val base = ha ? *ha : eval(c, e->kids[0]);
		val idx = eval(c, e->kids[1]);
		if (base.k == V_ARR && idx.k == V_INT && base.i + idx.i >= 0 &&
		    base.i + idx.i < base.a->n) {
			val r = ARR_AT(base.a, base.i + idx.i);
			argv_seen(c, &r);
			return r;
		}
		if (base.k == V_MEM && base.a && base.a->elems && idx.k == V_INT &&
		    mem_slot(c, &base, idx.i))
			return *mem_slot(c, &base, idx.i);
		npath np;
		if (base.k != V_ARR && elem_path(c, e, &idx, &np) == 1) {
			field_val *f = field_slot(c, np.owner, np.name, 0);
			return f ? f->v : np.init;
		}
		val at;
		if (base.k == V_STR && idx.k == V_INT && base.own &&
		    str_arith(c, OP_ADD, &base, &idx, &at) && at.k == V_STR) /* e[-1] */
			return vint((unsigned char)*at.s);
		if (base.k == V_STR && idx.k == V_INT && idx.i >= 0 &&
		    idx.i <= (long long)strlen(base.s))
			return vint((unsigned char)base.s[idx.i]);
		/* a value loaded through an index that varies: indirection */
		if (elem_text_read(c, e->kids[0], base.t | idx.t, &at))
			return at;
		return unk(base.t | idx.t | T_INDIRECT);
	}
	case E_MEMBER: {
		c->ops++;
		if (e->nkids != 1 || !e->str)
			return unk(0);
		const char *dm = define_of_member(c, e);
		if (dm) {
			eval(c, e->kids[0]);
			return parse_literal(c, dm);
		}
		val *hf = heap_field(c, e);
		if (hf)
			return *hf;
		unsigned t = 0;
		val bv = unk(0), fm;
		int elem = 0;
		npath np;
		int nested = nested_path(c, e, &np);
		val *owner =
			nested ? NULL : member_owner(c, e->kids[0], e->op == 1, &elem, &t, &bv);
		val r;
		if (nested) {
			field_val *f = field_slot(c, np.owner, np.name, 0);
			r = f ? f->v : np.init;
		} else if (elem)
			r = owner ? field_of_value(e, owner, 1) : unk(t | T_INDIRECT);
		else if (!owner && foff_member(&bv, e, &fm))
			r = foff_load(c, &fm);
		else if (!owner)
			r = field_of_value(e, &bv, 0);
		else {
			foff_adopt(c, owner, e);
			field_val *f = field_slot(c, owner, e->str, 0);
			/* p->f with p = &s: s's field, a zero struct's as s.f reads it */
			r = f ? f->v : field_of_value(e, owner, bv.k == V_REF);
		}
		/* `out_buf.u8` of an array member: a pointer to it, never NULL
		 * (a zero struct's 0 is its elements, not the address) */
		if (e->is_array && (r.k == V_UNK || (r.k == V_INT && r.i == 0)))
			r = unk((r.k == V_UNK ? r.t : 0) | T_NZ);
		return r;
	}
	case E_COND: {
		val k = eval(c, e->kids[0]);
		int t = truth(&k);
		if (t >= 0 && !(c->p->opts.paths_all && (k.t & T_OK)))
			return eval(c, e->kids[t ? 1 : 2]);
		double mean;
		if (!c->p->opts.paths_all && counter_mean(c, e, &mean)) {
			val r = vflt(mean); /* every iteration's value known: their mean */
			r.t = T_MEAN;
			return r;
		}
		double pk = expr_prob(c, e->kids[0]);
		if ((k.t & T_PTRUE) && !c->p->opts.paths_all)
			pk = k.f;
		c->cond++;
		val a = eval_scaled(c, e->kids[1], pk);
		val b = eval_scaled(c, e->kids[2], c->p->opts.paths_all ? 1 : 1 - pk);
		c->cond--;
		val m = merge(&a, &b);
		m.t |= k.t & ~(unsigned)T_PTRUE;
		/* `error ? NULL : &pair`: non-null as often as error is false */
		double oa = odds_of(&a), ob = odds_of(&b);
		if (m.k == V_UNK && (k.t & T_PTRUE) && oa >= 0 && ob >= 0 && !c->p->opts.paths_all)
			m = vodds(pk * oa + (1 - pk) * ob, m.t);
		return m;
	}
	case E_INITLIST: {
		val v = { 0 };
		v.k = V_ARR;
		v.a = vd_arena_alloc(c->a, sizeof(arr));
		v.a->level = c->fr ? c->fr->level : -1;
		/* an array's elements past the initializer's are zero (a table
		 * filled at run time, `struct option lo[640] = { {...}, ... }`);
		 * e->ival is the declared length */
		v.a->n = e->nkids;
		if (e->ival > e->nkids && e->ival <= INIT_PAD_MAX)
			v.a->n = (int)e->ival;
		v.a->v = arr_elems(c, v.a);
		for (int i = 0; v.a->v && i < v.a->n; i++)
			v.a->v[i] = i < e->nkids ? eval_stored(c, e->kids[i]) : vint(0);
		return v;
	}
	case E_COMMA: {
		val last = unk(0);
		unsigned t = 0;
		for (int i = 0; i < e->nkids; i++) {
			last = eval(c, e->kids[i]);
			t |= last.t;
		}
		return e->op ? unk(t) : last;
	}
	case E_CALL:
		c->ops++;
		return eval_call(c, e);
	case E_STMT: {
		/* ({ ...; v; }): the value of the last expression statement */
		c->stmt_val = unk(0);
		exec(c, e->stmt);
		val r = c->stmt_val;
		c->stmt_val = unk(0);
		return r;
	}
	default:
		return unk(0);
	}
}

/* ---- library calls with value semantics ---------------------------------------------------- */

static long long str_to_int(const char *s, int base, int *ok)
{
	char *end;
	long long v = strtoll(s, &end, base);
	*ok = end != s;
	return v;
}

/* A format string with %-conversions and these arguments: the exact text into `out`
 * (or, with *unknown set, an estimate of typical length). */
/* the length estimated for a string whose text is unknown - a name, a
 * number formatted at run time, a line read from input - in fputs/puts
 * and in a printf's %s (ncdump's fputs average 7.6 bytes, its names 3.8) */
#define TYPICAL_STRING "xxxxxxxx"

static void format_text(vd_buf *out_, const char *fmt, val *args, int nargs, unsigned *taint,
			int *unknown)
{
	vd_buf out = VD_BUF_INIT;
	int ai = 0;
	*unknown = 0;
	for (const char *p = fmt; *p; p++) {
		if (*p != '%') {
			vd_buf_putc(&out, *p);
			continue;
		}
		if (p[1] == '%') {
			vd_buf_putc(&out, '%');
			p++;
			continue;
		}
		/* one conversion: flags width .precision length conv */
		char spec[32];
		size_t n = 0;
		spec[n++] = '%';
		p++;
		while (*p && strchr("-+ #0", *p) && n < 20)
			spec[n++] = *p++;
		while (*p && (isdigit((unsigned char)*p) || *p == '.' || *p == '*') && n < 20) {
			if (*p == '*') {
				if (ai < nargs && args[ai].k == V_INT)
					n += (size_t)snprintf(spec + n, sizeof(spec) - n, "%lld",
							      args[ai].i);
				else
					*unknown = 1;
				ai++;
				p++;
				continue;
			}
			spec[n++] = *p++;
		}
		while (*p && strchr("hlLqjzt", *p))
			p++;
		if (!*p)
			break;
		char conv = *p;
		val *a = ai < nargs ? &args[ai] : NULL;
		ai++;
		if (a)
			*taint |= a->t;
		char tmp[512];
		if (strchr("diouxXc", conv) && a && a->k == V_INT) {
			spec[n++] = 'l';
			spec[n++] = 'l';
			spec[n++] = conv;
			spec[n] = '\0';
			snprintf(tmp, sizeof(tmp), spec, a->i);
		} else if (strchr("eEfFgGaA", conv) && a && known_num(a)) {
			spec[n++] = conv;
			spec[n] = '\0';
			snprintf(tmp, sizeof(tmp), spec, num(a));
		} else if (conv == 's' && a && a->k == V_STR) {
			spec[n++] = 's';
			spec[n] = '\0';
			snprintf(tmp, sizeof(tmp), spec, a->s);
		} else {
			*unknown = 1;
			/* an estimate for the length: a typical value printed with the
			 * conversion's own width and precision (`%03d` 3 characters,
			 * `%.3f` 5, `%-20s` 20); without them 4 digits, 8 characters */
			spec[n] = '\0';
			const char *w = spec + 1;
			while (*w && strchr("-+ #0", *w))
				w++;
			int width = atoi(w);
			if (strchr("eEfFgGaA", conv)) {
				spec[n++] = conv;
				spec[n] = '\0';
				snprintf(tmp, sizeof(tmp), spec, 1.234567);
			} else if (conv == 's') {
				spec[n++] = 's';
				spec[n] = '\0';
				snprintf(tmp, sizeof(tmp), spec, TYPICAL_STRING);
			} else if (conv == 'c') { /* one character, padded to its width */
				snprintf(tmp, sizeof(tmp), "%*s",
					 width > 0 && width < 64 ? width : 1, "x");
			} else if (width > 0 && width < 64) {
				snprintf(tmp, sizeof(tmp), "%0*d", width, 0);
			} else {
				snprintf(tmp, sizeof(tmp), "%s", "0000");
			}
		}
		vd_buf_puts(&out, tmp);
	}
	vd_buf_clear(out_);
	vd_buf_puts(out_, vd_buf_cstr(&out));
	vd_buf_release(&out);
}

typedef struct libcall_name {
	const char *name;
	int cls;
} libcall_name;

static int libcall_name_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const libcall_name *)elem)->name);
}

/* The class of a library compute call (VD_LIBCALL_*), -1 for others. */
static int libcall_class(const char *name)
{
	/* sorted by name (bsearch): one is looked up per external call */
	static const libcall_name names[] = {
		{ "__isoc99_sscanf", VD_LIBCALL_SCAN },
		{ "__isoc99_vsscanf", VD_LIBCALL_SCAN },
		{ "asprintf", VD_LIBCALL_FORMAT },
		{ "atof", VD_LIBCALL_STRTOD },
		{ "atoi", VD_LIBCALL_ATOI },
		{ "atol", VD_LIBCALL_ATOI },
		{ "atoll", VD_LIBCALL_ATOI },
		{ "cos", VD_LIBCALL_MATH },
		{ "exp", VD_LIBCALL_MATH },
		{ "log", VD_LIBCALL_MATH },
		{ "memcmp", VD_LIBCALL_MEM },
		{ "memcpy", VD_LIBCALL_MEM },
		{ "memmove", VD_LIBCALL_MEM },
		{ "memset", VD_LIBCALL_MEM },
		{ "pow", VD_LIBCALL_MATH },
		{ "qsort", VD_LIBCALL_SORT },
		{ "sin", VD_LIBCALL_MATH },
		{ "snprintf", VD_LIBCALL_FORMAT },
		{ "sprintf", VD_LIBCALL_FORMAT },
		{ "sscanf", VD_LIBCALL_SCAN },
		{ "strtod", VD_LIBCALL_STRTOD },
		{ "strtof", VD_LIBCALL_STRTOD },
		{ "strtol", VD_LIBCALL_ATOI },
		{ "strtold", VD_LIBCALL_STRTOD },
		{ "strtoll", VD_LIBCALL_ATOI },
		{ "strtoul", VD_LIBCALL_ATOI },
		{ "strtoull", VD_LIBCALL_ATOI },
		{ "vasprintf", VD_LIBCALL_FORMAT },
		{ "vsnprintf", VD_LIBCALL_FORMAT },
		{ "vsprintf", VD_LIBCALL_FORMAT },
		{ "vsscanf", VD_LIBCALL_SCAN },
	};
	const size_t nn = sizeof names / sizeof *names;
#ifndef NDEBUG
	for (size_t i = 1; i < nn; i++)
		assert(strcmp(names[i - 1].name, names[i].name) < 0);
#endif
	/* most names are none of these: their first letters first */
	if (!name[0] || !strchr("_acelmpqsv", name[0]))
		return -1;
	const libcall_name *m = bsearch(name, names, nn, sizeof *names, libcall_name_cmp);
	return m ? m->cls : -1;
}

/* The formatting work of a printf format relative to sysprobe's probe
 * format ("%ld %s %d %.3f %x %u\n", the machine's format_ns): a floating
 * point conversion costs about 0.6 of it, an integer, character or string
 * conversion about 0.08 (glibc, measured on the development machine: 3
 * %.6f + 2 integers 1.9x the probe, one %.9e 0.64x, two integers 0.13x);
 * a format without conversions still copies its text (0.05). */
static double format_cost(const char *f)
{
	double w = 0;
	for (; *f; f++) {
		if (*f != '%')
			continue;
		f++;
		if (*f == '%')
			continue;
		while (*f && strchr("-+ #0123456789.*'hlLqjzt", *f))
			f++;
		if (!*f)
			break;
		w += strchr("fFeEgGaA", *f) ? 0.6 : 0.08;
	}
	return w > 0.05 ? w : 0.05;
}

/* Operations a call to an external (non-I/O) function counts: a library
 * compute call by its class, priced per unit by vd_project_set_libcall_ops
 * when the machine's figures are known; anything else 10.  sqrt is not a
 * library call once compiled: one instruction (x86-64 sqrtsd, AArch64
 * fsqrt), about a quarter of the probe's mean exp/log/sin/cos/pow/sqrt call
 * (1.4 ns against 5 on the test machine): a few operations, not math_ns. */
static double ext_cost(const vd_project *p, const char *name, val *args, int n)
{
	if (!strcmp(name, "sqrt") || !strcmp(name, "sqrtf"))
		return 6;
	int k = libcall_class(name);
	double per = k >= 0 ? p->libcall_ops[k] : 0;
	switch (k) {
	case VD_LIBCALL_MEM: {
		int known = n >= 3 && known_num(&args[2]);
		if (per <= 0)
			return known ? num(&args[2]) / 8.0 + 4 : 64;
		return 4 + (known ? num(&args[2]) : 512) * per;
	}
	case VD_LIBCALL_SORT: {
		int known = n >= 2 && known_num(&args[1]) && num(&args[1]) > 1;
		if (per <= 0)
			return known ? num(&args[1]) * log2(num(&args[1])) * 4 : 1000;
		double m = known ? num(&args[1]) : 64;
		/* a count not known: the whole buffer, when its allocation and the
		 * element size are (an upper bound: a prefix may be sorted) */
		if (!known && n >= 3 && args[0].k == V_MEM && args[0].f > 0 &&
		    known_num(&args[2]) && num(&args[2]) > 0 && args[0].f / num(&args[2]) > 1)
			m = args[0].f / num(&args[2]);
		return m * log2(m) * per;
	}
	case VD_LIBCALL_MATH:
		return per > 0 ? per : 20;
	case VD_LIBCALL_FORMAT: {
		/* by the format's conversions when it is known */
		int fa = !strncmp(name, "sn", 2) || !strncmp(name, "vsn", 3) ? 2 : 1;
		double w =
			fa < n && args[fa].k == V_STR && args[fa].s ? format_cost(args[fa].s) : 1;
		return (per > 0 ? per : 10) * w;
	}
	case -1:
		return 10;
	default:
		return per > 0 ? per : 10;
	}
}

void vd_project_set_libcall_ops(vd_project *p, const double ops[VD_LIBCALL_N])
{
	for (int k = 0; k < VD_LIBCALL_N; k++)
		p->libcall_ops[k] = ops && isfinite(ops[k]) && ops[k] > 0 ? ops[k] : 0;
}

static val *global_named(ctx *c, const char *name)
{
	for (size_t i = 0; i < c->p->globals.n; i++)
		if (!strcmp(c->p->globals.v[i]->name, name)) {
			if (c->root_used)
				c->root_used[i] = 1;
			return &c->globals[i];
		}
	return NULL;
}

/* ---- library models -------------------------------------------------------------------------
 * What a libc/MPI call the program does not define returns, and what it
 * stores through its pointer arguments.  One function per family; the
 * table below names the calls each one models and how many arguments it
 * needs.  A call not in the table (or with fewer arguments) makes its
 * out-parameters unknown (lib_default). */

static handle *handle_of(ctx *c, const val *v);
static int content_live(ctx *c, handle *h);
static void scan_store(ctx *c, ir_expr *e, val *args, int n, int first, const char *text,
		       const vd_scan_item *it, int ni);

#define LIB_MODEL(fn) static val fn(ctx *c, ir_expr *e, const char *name, val *args, int n)

/* getopt/getopt_long in an option loop run with --args (exec_loop): the
 * next parsed option, with optarg, *longindex and a long option's flag */
static val lib_getopt_next(ctx *c, val *args, int n)
{
	const vd_optev *ev = c->gopt_next;
	if (!ev)
		return vint(-1);
	val *oa = global_named(c, "optarg");
	if (oa)
		store_val(c, oa, ev->optarg ? vstr(ev->optarg) : vint(0));
	if (ev->longindex >= 0 && n >= 5 && args[4].k == V_REF)
		store_val(c, args[4].ref, vint(ev->longindex));
	if (ev->longindex >= 0 && c->gopt_long && c->gopt_long[ev->longindex].has_flag && n >= 4 &&
	    args[3].k == V_ARR && ev->longindex < args[3].a->n) {
		val ent = ARR_AT(args[3].a, ev->longindex);
		val fl = ent.k == V_ARR && ent.a->n >= 3 ? ARR_AT(ent.a, 2) : unk(0);
		if (fl.k == V_REF)
			store_val(c, fl.ref, vint(c->gopt_long[ev->longindex].val));
	}
	return ev->ch == VD_OPT_UNKNOWN ? unk(0) : vint(ev->ch);
}

/* anything not modelled: out-parameters become unknown */
LIB_MODEL(lib_default)
{
	(void)c, (void)e, (void)name;
	for (int i = 0; i < n; i++)
		if (args[i].k == V_REF && args[i].ref->k != V_MEM)
			store_val(c, args[i].ref, unk(0));
	return unk(0);
}

/* memset(a, 0, sizeof a) of a whole local array of numbers or pointers
 * (`hsize_t hs_offset[32]; memset(hs_offset, 0, sizeof hs_offset);`)
 * whose elements the walk keeps (ARR_SMALL): every element 0.  Text
 * buffers (char arrays) keep their own model.  1 when it applied. */
static int zero_local_array(ctx *c, ir_expr *e, val *args)
{
	if (!e || e->nkids < 3 || !c->fr)
		return 0;
	ir_expr *v = strip_casts(e->kids[0]);
	if (v->kind == E_UN && v->op == OP_ADDR && v->nkids == 1)
		v = strip_casts(v->kids[0]); /* memset(&a, 0, sizeof a) */
	if (v->kind != E_VAR || !v->var || v->var->global || v->var->array_len <= 0 ||
	    v->var->array_len > ARR_SMALL || v->var->elem_size < 2 || v->var->elem_size > 8 ||
	    num(&args[2]) != (double)v->var->size || args[0].k != V_ARR || args[0].i != 0)
		return 0;
	val *st = storage(c, v->var);
	if (!st || st->k != V_ARR || st->a != args[0].a || st->a->n != v->var->array_len)
		return 0;
	arr *x = st->a;
	if (!x->v)
		x->v = arr_elems(c, x);
	if (!x->v)
		return 0;
	side_effect(c, x->level);
	for (int i = 0; i < x->n; i++)
		x->v[i] = vint(0);
	return 1;
}

/* The local variable of f in frame slot `slot`, NULL when not found */
static int decl_in_slot(const ir_stmt *s, void *arg)
{
	const int *slot = arg;
	return s->kind == S_DECL && s->var && s->var->slot == *slot;
}

static const ir_stmt *find_stmt(const ir_stmt *s, int (*at)(const ir_stmt *, void *), void *arg)
{
	if (!s)
		return NULL;
	if (at(s, arg))
		return s;
	const ir_stmt *r = find_stmt(s->init, at, arg);
	for (int i = 0; !r && i < s->nkids; i++)
		r = find_stmt(s->kids[i], at, arg);
	return r;
}

static ir_var *slot_var(const ir_func *f, int slot)
{
	if (!f)
		return NULL;
	for (int i = 0; i < f->nparams; i++)
		if (f->params[i] && f->params[i]->slot == slot)
			return f->params[i];
	const ir_stmt *d = find_stmt(f->body, decl_in_slot, &slot);
	return d ? d->var : NULL;
}

/* The struct variable whose storage `st` is (a global, or a local of a
 * call under way), and the list its members live in; NULL otherwise */
static ir_var *storage_var(ctx *c, val *st, fieldvec **list)
{
	if (st >= c->globals && st < c->globals + c->p->globals.n) {
		*list = fields_of(c, st);
		if (c->root_used) /* a root of the saved state, as storage() marks it */
			c->root_used[st - c->globals] = 1;
		return c->p->globals.v[st - c->globals];
	}
	for (frame *f = c->fr; f; f = f->up)
		if (st >= f->slots && st < f->slots + f->nslots) {
			*list = &f->fields;
			return slot_var(f->fn, (int)(st - f->slots));
		}
	return NULL;
}

/* memset(&s, 0, sizeof s) of a whole struct variable (`h5tools_context_t
 * ctx; memset(&ctx, 0, sizeof(ctx));`, a global's `memset(&defaults, 0,
 * sizeof(defaults))`), also through a pointer to it (an init function's
 * `memset(g, 0, sizeof(*g))` on the caller's `&state`): s is a zero
 * struct, every field 0 until stored (`ctx.sset` is NULL, not unknown),
 * as `= {0}` would make it.  Only a struct variable itself, cleared over
 * its full size: a heap object's fields may be filled where the walk
 * does not follow (HDF5's structs read 0 where they were filled through
 * pointers), and arrays keep their own model.  1 when it applied. */
static int zero_struct_var(ctx *c, ir_expr *e, val *args)
{
	if (!e || e->nkids < 3 || args[0].k != V_REF || !known_num(&args[2]) ||
	    !ref_live(c, &args[0]))
		return 0;
	fieldvec *list = NULL;
	val *st = args[0].ref;
	ir_var *v = storage_var(c, st, &list);
	if (!v || !v->is_struct || v->array_len > 0 || v->size <= 0 ||
	    num(&args[2]) != (double)v->size)
		return 0;
	store_val(c, st, vint(0));
	for (size_t i = 0; i < list->n; i++)
		if (list->v[i].owner == st) {
			flog_note(c, list, i, NULL);
			list->v[i].v = vint(0);
		}
	return 1;
}

/* memset(p, 0, n): counted for user_alloc_result (an allocator that
 * clears what it hands out); otherwise as any library call, the object
 * p points to is unknown after it.  Zeroing the struct itself made HDF5's
 * structs read 0 where fields are later filled through pointers the walk
 * does not follow (h5ls: 5.4e3 predicted calls fell to 223). */
LIB_MODEL(lib_memset)
{
	if (args[1].k == V_INT && args[1].i == 0 && !args[1].t && known_num(&args[2])) {
		c->zero_fills++;
		c->zero_bytes = num(&args[2]);
		if (zero_struct_var(c, e, args) || zero_local_array(c, e, args))
			return args[0];
	}
	return lib_default(c, e, name, args, n);
}

/* ---- copies and comparisons of known bytes ----
 * memcpy/memmove/memcmp of bytes the walk knows - the text of an input
 * read at analysis time (a magic number read with fread into a buffer and
 * copied on), a string, a heap buffer whose bytes are all known - work on
 * those bytes: a copy puts them where its destination points (a char
 * array or the buffer a pointer names, as text; a heap buffer byte by
 * byte), a comparison gives its sign.  Anything else is modelled as any
 * library call (lib_default). */

#define COPY_MAX 4096 /* bytes a copy or comparison of known bytes may move */

/* the first k bytes at v into out, when the walk knows them all: text
 * (the program's own buffer to its length and the NUL after it; other
 * strings to their NUL) or a heap buffer's known elements */
static int known_bytes(ctx *c, const val *v, long long k, unsigned char *out)
{
	if (k < 0 || k > COPY_MAX)
		return 0;
	if (v->k == V_STR && v->s) {
		size_t have = v->own && v->s >= v->own->lo && v->s <= v->own->lo + v->own->len
				      ? (size_t)(v->own->lo + v->own->len - v->s)
				      : strlen(v->s);
		if ((long long)have + 1 < k)
			return 0;
		memcpy(out, v->s, (size_t)k); /* the NUL after it included */
		return 1;
	}
	if (v->k != V_MEM)
		return 0;
	for (long long i = 0; i < k; i++) {
		val *x = mem_slot(c, v, i);
		if (!x || x->k != V_INT || x->i < -128 || x->i > 255)
			return 0;
		out[i] = (unsigned char)x->i;
	}
	return 1;
}

LIB_MODEL(lib_memcpy)
{
	long long k = known_num(&args[2]) ? (long long)num(&args[2]) : -1;
	unsigned char *b = k > 0 && k <= COPY_MAX ? malloc((size_t)k) : NULL;
	int done = 0;
	if (b && known_bytes(c, &args[1], k, b)) {
		ir_expr *dst = strip_casts(e->kids[0]);
		if (args[0].k == V_MEM && mem_slot(c, &args[0], k - 1)) {
			for (long long i = 0; i < k; i++) {
				val *slot = mem_slot(c, &args[0], i);
				flog_note(c, NULL, 0, slot);
				*slot = vint(b[i]);
			}
			done = 1;
		} else if ((args[0].k == V_ARR || args[0].k == V_STR) && args[0].i == 0 &&
			   (dst->kind == E_VAR || dst->kind == E_MEMBER)) {
			store_text(c, dst, own_str(c->a, (const char *)b, (size_t)k));
			done = 1;
		}
	}
	free(b);
	return done ? args[0] : lib_default(c, e, name, args, n);
}

LIB_MODEL(lib_memcmp)
{
	(void)e, (void)name, (void)n;
	long long k = known_num(&args[2]) ? (long long)num(&args[2]) : -1;
	unsigned char *x = k > 0 && k <= COPY_MAX ? malloc(2 * (size_t)k) : NULL;
	val r = unk(0); /* a call's result, as for any library call */
	if (x && known_bytes(c, &args[0], k, x) && known_bytes(c, &args[1], k, x + k)) {
		int d = memcmp(x, x + k, (size_t)k);
		r = vint(d < 0 ? -1 : d > 0);
	}
	free(x);
	return r;
}

/* pthread_create/thrd_create: only the thread id is written (the
 * argument handed to the start routine is not the library's to change:
 * walk_callbacks runs the routine with it); success */
LIB_MODEL(lib_thread_create)
{
	(void)e, (void)name, (void)n;
	if (args[0].k == V_REF && args[0].ref->k != V_MEM)
		store_val(c, args[0].ref, unk(0));
	val r = vint(0);
	r.t |= T_OK;
	return r;
}

/* fileno(stream): the descriptor of the same open file, so that a
 * posix_fadvise or fsync on it finds the file */
LIB_MODEL(lib_fileno)
{
	(void)e, (void)name;
	return args[0].k == V_HANDLE ? args[0] : lib_default(c, e, name, args, n);
}

LIB_MODEL(lib_atoi)
{
	(void)c, (void)e, (void)name, (void)n;
	int ok = 0;
	if (args[0].k == V_STR) {
		long long v = str_to_int(args[0].s, 10, &ok);
		return ok ? vint(v) : vint(0);
	}
	return unk(args[0].t);
}

LIB_MODEL(lib_strtol)
{
	(void)e, (void)name;
	int base = n >= 3 && args[2].k == V_INT ? (int)args[2].i : 10;
	if (args[0].k == V_STR) {
		char *end;
		long long v = strtoll(args[0].s, &end, base);
		/* *endptr: the rest of the text (a size suffix, say) */
		if (n >= 2 && args[1].k == V_REF)
			store_val(c, args[1].ref, vstr(end == args[0].s ? args[0].s : end));
		return end != args[0].s ? vint(v) : vint(0);
	}
	if (n >= 2 && args[1].k == V_REF)
		store_val(c, args[1].ref, unk(0));
	return unk(args[0].t);
}

LIB_MODEL(lib_strtod)
{
	(void)c, (void)e, (void)name, (void)n;
	if (args[0].k == V_STR)
		return vflt(strtod(args[0].s, NULL));
	return unk(args[0].t);
}

LIB_MODEL(lib_strcmp)
{
	(void)c, (void)e;
	int cased = strstr(name, "case") != NULL, bounded = name[3] == 'n';
	if (args[0].k != V_STR || args[1].k != V_STR || (bounded && (n < 3 || args[2].k != V_INT)))
		return unk(args[0].t | args[1].t);
	size_t k = bounded ? (size_t)(args[2].i < 0 ? 0 : args[2].i) : (size_t)-1;
	int r = cased ? strncasecmp(args[0].s, args[1].s, k) : strncmp(args[0].s, args[1].s, k);
	return vint(r < 0 ? -1 : r > 0);
}

LIB_MODEL(lib_strlen)
{
	(void)e, (void)name, (void)n;
	if (args[0].k == V_STR)
		return vint((long long)strlen(args[0].s));
	if ((args[0].t & T_SLEN) && args[0].f >= 0 && !c->p->opts.paths_all) {
		/* a text of known expected length (what snprintf of unknown
		 * parts left): that length, an estimate */
		val r = args[0].f == floor(args[0].f) ? vint((long long)args[0].f)
						      : vflt(args[0].f);
		r.t = (args[0].t & ~(unsigned)T_FACTS) | T_ASSUMED | (r.k == V_FLT ? T_MEAN : 0);
		return r;
	}
	/* unknown, expected a typical string's length (T_EXPECT) */
	val r = unk((args[0].t & ~(unsigned)(T_SLEN | T_BUF | T_BUFOFF | T_PTRUE)) | T_EXPECT);
	r.f = (double)strlen(TYPICAL_STRING);
	return r;
}

/* strcspn/strspn of known strings: the span's length
 * (`name[strcspn(name, "\n")] = '\0'` trims a line read with fgets) */
LIB_MODEL(lib_strspan)
{
	(void)c, (void)e, (void)n;
	if (args[0].k != V_STR || args[1].k != V_STR)
		return unk((args[0].t | args[1].t) | T_NN);
	size_t k = name[3] == 'c' ? strcspn(args[0].s, args[1].s) : strspn(args[0].s, args[1].s);
	return vint((long long)k);
}

/* searches in a known string: a pointer into it, or NULL */
LIB_MODEL(lib_strchr)
{
	(void)c, (void)e, (void)n;
	if (args[0].k != V_STR || args[1].k != V_INT)
		return unk(args[0].t | args[1].t);
	const char *f = name[3] == 'r' || name[0] == 'r' ? strrchr(args[0].s, (int)args[1].i)
							 : strchr(args[0].s, (int)args[1].i);
	if (!f)
		return vint(0);
	val r = args[0];
	r.s = f;
	return r;
}

LIB_MODEL(lib_strstr)
{
	(void)c, (void)e, (void)n;
	if (args[0].k != V_STR || args[1].k != V_STR)
		return unk(args[0].t | args[1].t);
	const char *f =
		name[3] == 's' ? strstr(args[0].s, args[1].s) : strpbrk(args[0].s, args[1].s);
	if (!f)
		return vint(0);
	val r = args[0];
	r.s = f;
	return r;
}

LIB_MODEL(lib_random)
{
	(void)c, (void)e, (void)name, (void)args, (void)n;
	return unk(T_RAND);
}

/* fork, vfork: 0 in the child, the child's pid in the parent; a test of
 * it runs both processes' arms (fork_odds) */
LIB_MODEL(lib_fork)
{
	(void)c, (void)e, (void)name, (void)args, (void)n;
	return unk(T_FORK);
}

/* time(), clock(), MPI_Wtime(), omp_get_wtime(), difftime(): a clock's
 * reading, unknown; what is computed from it stays marked (elapsed_prob) */
LIB_MODEL(lib_clock)
{
	(void)c, (void)e, (void)name, (void)args, (void)n;
	return unk(T_CLOCK | T_NN);
}

/* abs(LLONG_MIN) is undefined */
LIB_MODEL(lib_abs)
{
	(void)c, (void)e, (void)name, (void)n;
	return args[0].k == V_INT && args[0].i != LLONG_MIN
		       ? vint(args[0].i < 0 ? -args[0].i : args[0].i)
		       : unk(args[0].t);
}

LIB_MODEL(lib_mpi_comm_size)
{
	(void)e, (void)name, (void)n;
	if (args[1].k == V_REF)
		store_val(c, args[1].ref, vint(c->p->opts.nprocs > 0 ? c->p->opts.nprocs : 1));
	return vint(0);
}

/* the rank: a branch on it counts for its share of ranks */
LIB_MODEL(lib_mpi_comm_rank)
{
	(void)e, (void)name, (void)n;
	if (args[1].k == V_REF)
		store_val(c, args[1].ref, unk(T_RANK | T_NN));
	return vint(0);
}

/* MPI_Init(&argc, &argv) takes them to let the MPI strip its own
 * options; launchers (mpirun, srun) pass none, so the program's
 * arguments stay as bound.  MPI_Init_thread's `provided` is unknown. */
LIB_MODEL(lib_mpi_init)
{
	(void)e, (void)name;
	if (n >= 4 && args[3].k == V_REF && args[3].ref->k != V_MEM)
		store_val(c, args[3].ref, unk(0));
	return vint(0);
}

/* an allocation of known size is a V_MEM value (assumed to succeed) and
 * reported to the visitor; unknown sizes give an unknown non-NULL pointer */
LIB_MODEL(lib_malloc)
{
	(void)e, (void)n;
	double bytes = -1;
	double old = 0;
	if (!strcmp(name, "malloc") && known_num(&args[0]))
		bytes = num(&args[0]);
	else if (!strcmp(name, "calloc") && known_num(&args[0]) && known_num(&args[1]))
		bytes = num(&args[0]) * num(&args[1]);
	else if ((!strcmp(name, "realloc") || !strcmp(name, "aligned_alloc")) &&
		 known_num(&args[1]))
		bytes = num(&args[1]);
	if (!strcmp(name, "realloc") && args[0].k == V_MEM)
		old = args[0].f;
	if (bytes > 1e15) /* a petabyte: a sentinel on an error path, not an allocation */
		bytes = -1;
	val m = unk(T_NZ | T_OK); /* assumed to succeed */
	if (bytes >= 0) {
		m.k = V_MEM;
		m.t = T_OK;
		m.f = bytes;
		if (c->v->alloc)
			c->v->alloc(c->v->payload, bytes - old);
		/* a new struct, once per execution: an object with fields;
		 * realloc(NULL, n) is malloc(n), and realloc of such an object
		 * keeps it, grown (a table of structs that grows by realloc) */
		int fresh = strcmp(name, "realloc") || (args[0].k == V_INT && args[0].i == 0);
		if (!c->rep && !c->p->opts.paths_all && !c->cond && fresh && bytes > 0)
			m.a = heap_object(c, !strcmp(name, "calloc"));
		else if (!fresh && args[0].k == V_MEM && args[0].a && args[0].i == 0 && bytes > 0 &&
			 !c->p->opts.paths_all)
			m.a = args[0].a;
	}
	return m;
}

/* System V shared memory: shmget(key, size, flags) succeeds with a
 * non-negative id; shmat(id, addr, flags) attaches the segment the last
 * shmget made, as a new allocation of its size whose contents are zero
 * (the kernel clears a new segment) - an object with fields, as calloc's
 * (heap_object), so that structs the program keeps in it (a job table)
 * keep what is stored in them. */
LIB_MODEL(lib_shmget)
{
	(void)e, (void)name, (void)n;
	c->shm_bytes = known_num(&args[1]) ? num(&args[1]) : -1;
	return unk(T_NN | T_OK);
}

LIB_MODEL(lib_shmat)
{
	(void)args, (void)n;
	val z[2] = { vint(1), vflt(c->shm_bytes) };
	if (c->shm_bytes < 0)
		return lib_default(c, e, name, args, n);
	return lib_malloc(c, e, "calloc", z, 2);
}

LIB_MODEL(lib_posix_memalign)
{
	(void)e, (void)name, (void)n;
	if (known_num(&args[2]) && args[0].k == V_REF) {
		val m = { 0 };
		m.k = V_MEM;
		m.f = num(&args[2]);
		store_val(c, args[0].ref, m);
		if (c->v->alloc)
			c->v->alloc(c->v->payload, m.f);
	}
	return vint(0);
}

LIB_MODEL(lib_free)
{
	(void)name, (void)n;
	if (args[0].k == V_MEM && c->v->alloc)
		c->v->alloc(c->v->payload, -args[0].f);
	if (e->kids[0]->kind == E_VAR) {
		val *st = storage(c, e->kids[0]->var);
		if (st && st->k == V_MEM)
			store_val(c, st, unk(0));
	}
	return unk(0);
}

/* A data call's byte count and where it came from: the arguments (known),
 * the known part of a formatted text with unknown parts (estimated), or
 * nothing (unknown: the --assume-bytes figure is used). */
typedef enum { BYTES_KNOWN, BYTES_ESTIMATED, BYTES_UNKNOWN } bytes_how;

typedef struct io_bytes {
	double v;
	bytes_how how;
} io_bytes;

static void counter_format_at(ctx *c, ir_expr *e, int fa, val *args, int n, io_bytes *b);

LIB_MODEL(lib_sprintf)
{
	int fi = !strcmp(name, "snprintf") ? 2 : 1;
	if (args[fi].k != V_STR) {
		assign_to(c, e->kids[0], unk(0));
		return unk(0);
	}
	unsigned taint = 0;
	int u = 0;
	vd_buf fb = VD_BUF_INIT;
	format_text(&fb, args[fi].s, args + fi + 1, n - fi - 1, &taint, &u);
	/* the buffer's text is a value the program may use later (a path) */
	const char *text = u ? "" : vd_arena_strdup(c->a, vd_buf_cstr(&fb));
	/* with parts unknown, the length is the printf estimate (typical
	 * widths), at most what fits: `n = snprintf(line, sizeof line, "row
	 * %03d\n", i); write(fd, line, n)` writes about 8 bytes, not
	 * --assume-bytes; marked as resting on an assumption */
	io_bytes est = { (double)fb.len, BYTES_ESTIMATED };
	vd_buf_release(&fb);
	/* unknown parts that follow a counted loop's counter: the mean length
	 * over its iterations (`"row %ld\n", i` for i < 3000: 8.63) */
	if (u && !c->p->opts.paths_all)
		counter_format_at(c, e, fi, args, n, &est);
	if (fi == 2 && known_num(&args[1]) && num(&args[1]) >= 1 && est.v > num(&args[1]) - 1)
		est.v = num(&args[1]) - 1;
	/* the buffer now holds the text (an array or pointer variable); an
	 * unknown text keeps its expected length for what writes it */
	val sv = u ? unk(taint | T_SLEN) : own_str(c->a, text, strlen(text));
	if (u)
		sv.f = est.v;
	store_text(c, e->kids[0], sv);
	if (u) {
		val r = vint((long long)est.v);
		r.t |= taint | T_ASSUMED;
		return r;
	}
	return vint((long long)strlen(text));
}

LIB_MODEL(lib_strcpy)
{
	if (!strcmp(name, "strdup")) {
		if (args[0].k == V_STR)
			return own_str(c->a, args[0].s, strlen(args[0].s));
		val r = unk(args[0].t); /* a copy: an expected length (T_SLEN) too */
		r.f = (args[0].t & T_SLEN) ? args[0].f : 0;
		return r;
	}
	/* the destination (a buffer, or a struct member pointing to one:
	 * `tmp->name = malloc(...); strcpy(tmp->name, name)`) now holds the text */
	ir_expr *dst = strip_casts(e->kids[0]);
	if ((dst->kind == E_VAR || dst->kind == E_MEMBER) && n >= 2) {
		val v = args[1].k == V_STR ? own_str(c->a, args[1].s, strlen(args[1].s))
					   : unk(args[1].t);
		store_text(c, dst, v);
		return v;
	}
	return args[0];
}

/* strftime(buf, max, fmt, tm) with a known format: the text the format
 * gives for the time of the analysis (a run's clock is not known, but
 * the widths of %Y-%m-%d %H:%M:%S are), stored in buf and marked assumed;
 * its length is the result.  Unknown format: unknown. */
LIB_MODEL(lib_strftime)
{
	(void)name;
	ir_expr *dst = strip_casts(e->kids[0]);
	if (args[2].k != V_STR || (dst->kind != E_VAR && dst->kind != E_MEMBER))
		return lib_default(c, e, name, args, n);
	char out[512];
	time_t now = time(NULL);
	struct tm tmv;
	size_t cap = known_num(&args[1]) && num(&args[1]) > 0 && num(&args[1]) < sizeof out
			     ? (size_t)num(&args[1])
			     : sizeof out;
	size_t len = localtime_r(&now, &tmv) ? strftime(out, cap, args[2].s, &tmv) : 0;
	if (!len)
		return lib_default(c, e, name, args, n);
	val v = own_str(c->a, out, len);
	v.t |= T_ASSUMED;
	store_text(c, dst, v);
	val r = vint((long long)len);
	r.t = T_ASSUMED;
	return r;
}

/* --env NAME=VALUE, --env NAME (unset: NULL); else unknown */
LIB_MODEL(lib_getenv)
{
	(void)e, (void)name;
	for (size_t i = 0; n >= 1 && args[0].k == V_STR && i < c->p->opts.nenvs; i++) {
		const char *d = c->p->opts.envs[i], *eq = strchr(d, '=');
		size_t nl = eq ? (size_t)(eq - d) : strlen(d);
		if (strlen(args[0].s) == nl && !strncmp(args[0].s, d, nl))
			return eq ? vstr(eq + 1) : vint(0);
	}
	if (c->p->opts.env_complete && n >= 1 && args[0].k == V_STR)
		return vint(0); /* --env-inherit: the environment is known, NAME is not in it */
	return unk(0);
}

/* getcwd(buf, size): the analysis runs in the program's working directory
 * (relative input paths are looked up there too), so the buffer holds
 * that directory's path when it fits in size; getcwd(NULL, 0) returns a
 * fresh copy of it.  A path that does not fit: NULL, as in the run. */
LIB_MODEL(lib_getcwd)
{
	char cwd[4096];
	if (!getcwd(cwd, sizeof cwd))
		return lib_default(c, e, name, args, n);
	size_t len = strlen(cwd);
	int null_buf = args[0].k == V_INT && args[0].i == 0;
	if (n >= 2 && known_num(&args[1]) && num(&args[1]) > 0 && (double)len + 1 > num(&args[1]))
		return vint(0);
	val sv = own_str(c->a, cwd, len);
	if (null_buf)
		return sv;
	store_text(c, e->kids[0], sv);
	return args[0].k == V_UNK ? sv : args[0];
}

/* feof on a stream followed through its text (content_call); ferror is
 * a test for a failed I/O call: 0, as I/O calls are assumed to succeed
 * (tainted T_OK, so the branch on it says so) */
LIB_MODEL(lib_feof)
{
	if (name[2] == 'r') {
		val r = vint(0);
		r.t |= T_OK;
		return r;
	}
	handle *h = handle_of(c, &args[0]);
	if (h && content_live(c, h))
		return vint(h->ceof);
	return lib_default(c, e, name, args, n);
}

/* sscanf on a known text: the conversions stored, their number returned */
LIB_MODEL(lib_sscanf)
{
	vd_scan_item it[16];
	int ni = 0;
	size_t used = 0;
	int rc = args[0].k == V_STR && args[1].k == V_STR
			 ? vd_scan(args[0].s, strlen(args[0].s), args[1].s, it, 16, &ni, &used)
			 : -2;
	if (rc == -2)
		return lib_default(c, e, name, args, n);
	scan_store(c, e, args, n, 2, args[0].s, it, ni);
	return vint(rc);
}

/* strtok(s, delim), strtok_r(s, delim, &save): the next token of a known
 * text (a copy: the walk does not write the '\0's into the text), NULL
 * after the last; strtok's place is kept in the walk, strtok_r's in *save */
LIB_MODEL(lib_strtok)
{
	int reentrant = strcmp(name, "strtok") != 0;
	val *save = reentrant && n >= 3 && args[2].k == V_REF ? args[2].ref : NULL;
	const char *from = NULL;
	if (args[0].k == V_STR)
		from = args[0].s;
	else if (args[0].k == V_INT && args[0].i == 0)
		from = reentrant ? (save && save->k == V_STR ? save->s : NULL) : c->strtok_rest;
	if (!from || args[1].k != V_STR) {
		if (!reentrant)
			c->strtok_rest = NULL;
		return lib_default(c, e, name, args, n);
	}
	from += strspn(from, args[1].s);
	size_t len = strcspn(from, args[1].s);
	const char *rest = from[len] ? from + len + 1 : from + len;
	if (reentrant && save)
		store_val(c, save, vstr(rest));
	else if (!reentrant)
		c->strtok_rest = rest;
	if (!len)
		return vint(0);
	return vstr(vd_arena_strndup(c->a, from, len));
}

/* strsep(&p, delim) on a known text: the token up to the first delimiter
 * (a copy, possibly empty: the walk does not write the '\0' into the
 * text), *p moved past that delimiter or NULL when there is none; NULL
 * when *p is NULL.  Unknown text: unknown, *p too. */
LIB_MODEL(lib_strsep)
{
	val *sp = args[0].k == V_REF && ref_live(c, &args[0]) ? args[0].ref : NULL;
	if (!sp || (sp->k != V_STR && !(sp->k == V_INT && sp->i == 0)) || args[1].k != V_STR)
		return lib_default(c, e, name, args, n);
	if (sp->k == V_INT)
		return vint(0);
	const char *from = sp->s;
	size_t len = strcspn(from, args[1].s);
	store_val(c, sp, from[len] ? vstr(from + len + 1) : vint(0));
	return vstr(vd_arena_strndup(c->a, from, len));
}

/* <ctype.h> on a known character (the "C" locale: a program that has not
 * called setlocale runs in it) */
LIB_MODEL(lib_ctype)
{
	(void)c, (void)e, (void)n;
	if (args[0].k != V_INT || args[0].i < -1 || args[0].i > 255)
		return unk(args[0].t);
	int ch = (int)args[0].i;
	static const struct {
		const char *name;
		int (*fn)(int);
	} fns[] = {
		{ "isalnum", isalnum }, { "isalpha", isalpha }, { "isblank", isblank },
		{ "iscntrl", iscntrl }, { "isdigit", isdigit }, { "isgraph", isgraph },
		{ "islower", islower }, { "isprint", isprint }, { "ispunct", ispunct },
		{ "isspace", isspace }, { "isupper", isupper }, { "isxdigit", isxdigit },
		{ "tolower", tolower }, { "toupper", toupper },
	};
	for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
		if (!strcmp(name, fns[i].name)) {
			int r = ch < 0 ? (name[0] == 't' ? ch : 0) : fns[i].fn(ch);
			return vint(name[0] == 'i' ? r != 0 : r);
		}
	return unk(args[0].t);
}

/* glibc's <ctype.h> macros index its tables: `isalpha(c)` is
 * `(*__ctype_b_loc())[(int)(c)] & _ISalpha`, tolower/toupper inline
 * `(*__ctype_tolower_loc())[c]`.  The tables (the "C" locale's, indexed
 * from -128) are taken from this glibc: a pointer to a pointer to them. */
LIB_MODEL(lib_ctype_table)
{
	(void)e, (void)args, (void)n;
	int which = name[8] == 'b' ? 0 : name[10] == 'u' ? 1 : 2; /* b, toupper, tolower */
	if (!c->ctype_tables[which]) {
		arr *t = vd_arena_alloc(c->a, sizeof *t);
		t->n = 384;
		t->level = -1;
		t->v = vd_arena_alloc(c->a, 384 * sizeof(val));
		for (int ch = -128; ch < 256; ch++)
			t->v[ch + 128] = vint(which == 0   ? (*__ctype_b_loc())[ch]
					      : which == 1 ? (*__ctype_toupper_loc())[ch]
							   : (*__ctype_tolower_loc())[ch]);
		val *tab = vd_arena_alloc(c->a, sizeof *tab);
		*tab = (val){ 0 };
		tab->k = V_ARR;
		tab->a = t;
		tab->i = 128;
		c->ctype_tables[which] = tab;
	}
	val r = { 0 };
	r.k = V_REF;
	r.ref = c->ctype_tables[which];
	return r;
}

/* ---- NetCDF inputs read at analysis time (sciinput.c) ----
 * nc_open of a NetCDF file that exists now (and that the run has not
 * written so far) opens it read-only with libnetcdf too; the inquiry calls
 * on it (nc_inq*, not in the I/O catalog) return the file's real header,
 * so loops over its dimensions, variables and attributes run as in the
 * run.  As with a text input, the file at analysis time stands for the
 * run's. */

/* the library id of the NetCDF input handle value v denotes, -1 none */
static int nc_input_id(ctx *c, const val *v)
{
	handle *h = handle_of(c, v);
	return h && h->sci_nc ? h->sci_nc - 1 : -1;
}

/* a variable argument: an integer id (NC_GLOBAL -1 too) or a variable
 * handle of input `id` (nc_inq_varid's); -2 unknown */
static int nc_input_var(ctx *c, const val *v, int id)
{
	if (v->k == V_INT)
		return v->i >= -1 && v->i < INT_MAX ? (int)v->i : -2;
	handle *h = handle_of(c, v);
	return h && h->sci_nc - 1 == id && h->sci_var ? h->sci_var - 1 : -2;
}

/* m numbers where argument k points: a variable (&n) or the elements of
 * an array from where it points (dimids, &count[d]) */
static void nc_out_vals(ctx *c, val *a, const val *x, int m);

static void nc_out_ints(ctx *c, val *args, int n, int k, const long long *x, int m)
{
	if (k >= n)
		return;
	val *a = &args[k];
	if (a->k == V_REF && m > 0)
		store_val(c, a->ref, vint(x[0]));
	/* &var.natts, &dims[d].size: the member or element the argument names */
	ir_expr *ad = c->nc_call && k < c->nc_call->nkids ? strip_casts(c->nc_call->kids[k]) : NULL;
	if (a->k != V_REF && m > 0 && ad && ad->kind == E_UN && ad->op == OP_ADDR &&
	    ad->nkids == 1 &&
	    (strip_casts(ad->kids[0])->kind == E_MEMBER ||
	     strip_casts(ad->kids[0])->kind == E_INDEX))
		assign_to(c, strip_casts(ad->kids[0]), vint(x[0]));
	if (m <= 0 || (a->k != V_MEM && a->k != V_ARR))
		return;
	val *xv = vd_xcalloc((size_t)m, sizeof *xv); /* an array, a heap buffer (dimids) */
	for (int j = 0; j < m; j++)
		xv[j] = vint(x[j]);
	nc_out_vals(c, a, xv, m);
	free(xv);
}

/* m values where a buffer argument points: an array's elements, a heap
 * buffer's (mem_slot) */
static void nc_out_vals(ctx *c, val *a, const val *x, int m)
{
	if (a->k == V_MEM) {
		for (int j = 0; j < m; j++) {
			val *slot = mem_slot(c, a, j);
			if (!slot)
				break;
			flog_note(c, NULL, 0, slot);
			*slot = x[j].k == V_INT ? x[j] : unk(0);
		}
		return;
	}
	if (a->k != V_ARR || a->i < 0 || (a->t & T_INDIRECT))
		return;
	side_effect(c, a->a->level);
	if (!a->a->v)
		a->a->v = arr_elems(c, a->a);
	for (int j = 0; a->a->v && j < m && a->i + j < a->a->n; j++)
		a->a->v[a->i + j] = x[j];
}

static void nc_out_int(ctx *c, val *args, int n, int k, long long x)
{
	nc_out_ints(c, args, n, k, &x, 1);
}

/* a name into the char array argument k */
static void nc_out_name(ctx *c, ir_expr *e, val *args, int n, int k, const char *s)
{
	if (k >= n)
		return;
	val v = own_str(c->a, s, strlen(s));
	ir_expr *dst = k < e->nkids ? strip_casts(e->kids[k]) : NULL;
	if (dst && (dst->kind == E_VAR || dst->kind == E_MEMBER)) /* name, var.name */
		assign_to(c, dst, v);
	else if (args[k].k == V_REF)
		store_val(c, args[k].ref, v);
}

static int nc_arg_int(const val *args, int n, int k)
{
	return k < n && args[k].k == V_INT && args[k].i >= 0 && args[k].i < INT_MAX ? (int)args[k].i
										    : -1;
}

/* nc_inq_dimids, nc_inq_unlimdims, nc_inq_typeids, nc_inq_grps (q after
 * "nc_inq"): the count through argument 1, the ids into argument 2 */
static int nc_inq_ids(ctx *c, val *args, int n, int id, const char *q)
{
	int which = !strcmp(q, "_dimids")      ? 'd'
		    : !strcmp(q, "_unlimdims") ? 'u'
		    : !strcmp(q, "_typeids")   ? 't'
		    : !strcmp(q, "_grps")      ? 'g'
					       : 0;
	int cnt, ids[VD_SCI_MAX_DIMS];
	if (!which || vd_sci_nc_inq_ids(id, which, &cnt, ids, VD_SCI_MAX_DIMS))
		return 1;
	long long x[VD_SCI_MAX_DIMS];
	for (int j = 0; j < cnt; j++)
		x[j] = ids[j];
	nc_out_int(c, args, n, 1, cnt);
	nc_out_ints(c, args, n, 2, x, cnt);
	return 0;
}

/* nc_inq, nc_inq_{ndims,nvars,natts,unlimdim}, nc_inq_dim{,len,name,id},
 * nc_inq_var{,ndims,dimid,type,name,natts,id}, nc_inq_att{,len,type,name},
 * nc_inq_{dimids,unlimdims,typeids,grps}, nc_inq_format, nc_inq_type on a
 * NetCDF input: the file's values stored through the pointer arguments,
 * 0; else (not an input, not answered) non-zero, nothing stored */
static int nc_inq_dispatch(ctx *c, ir_expr *e, const char *name, val *args, int n, int id);

/* an answer that is the library's error: the attribute asked about is not
 * in the input (NC_ENOTATT, -43), as the run will find */
#define NC_ANSWER_ENOTATT 2
#define NC_ENOTATT_STATUS (-43)

static int nc_inq_answer(ctx *c, ir_expr *e, const char *name, val *args, int n)
{
	int id = n >= 1 ? nc_input_id(c, &args[0]) : -1, rc;
	if (id < 0 || strncmp(name, "nc_inq", 6))
		return 1;
	c->nc_call = e;
	rc = nc_inq_dispatch(c, e, name, args, n, id);
	c->nc_call = NULL;
	return rc;
}

static int nc_inq_dispatch(ctx *c, ir_expr *e, const char *name, val *args, int n, int id)
{
	const char *q = name + 6; /* after "nc_inq" */
	char nm[VD_SCI_NAME_MAX];
	int rc = 1;
	if (!strcmp(q, "_format")) {
		int f;
		rc = vd_sci_nc_inq_format(id, &f);
		if (!rc)
			nc_out_int(c, args, n, 1, f);
	} else if (!strcmp(q, "_type")) {
		size_t sz;
		int t = nc_arg_int(args, n, 1);
		rc = t < 0 || vd_sci_nc_inq_type(id, t, nm, &sz);
		if (!rc)
			nc_out_name(c, e, args, n, 2, nm);
		if (!rc)
			nc_out_int(c, args, n, 3, (long long)sz);
	} else if (!strcmp(q, "_dimids") || !strcmp(q, "_unlimdims") || !strcmp(q, "_typeids") ||
		   !strcmp(q, "_grps")) {
		rc = nc_inq_ids(c, args, n, id, q);
	} else if (!*q || !strcmp(q, "_ndims") || !strcmp(q, "_nvars") || !strcmp(q, "_natts") ||
		   !strcmp(q, "_unlimdim")) {
		int v[4];
		rc = vd_sci_nc_inq(id, &v[0], &v[1], &v[2], &v[3]);
		for (int k = 0; !rc && k < 4; k++)
			if (!*q || !strcmp(q + 1, (const char *[]){ "ndims", "nvars", "natts",
								    "unlimdim" }[k]))
				nc_out_int(c, args, n, *q ? 1 : k + 1, v[k]);
	} else if (!strcmp(q, "_dimid") || !strcmp(q, "_varid")) {
		int d;
		rc = n < 3 || args[1].k != V_STR ||
		     (q[1] == 'd' ? vd_sci_nc_inq_dimid(id, args[1].s, &d)
				  : vd_sci_nc_inq_varid(id, args[1].s, &d));
		if (!rc)
			nc_out_int(c, args, n, 2, d);
	} else if (!strcmp(q, "_dim") || !strcmp(q, "_dimlen") || !strcmp(q, "_dimname")) {
		size_t len;
		int dim = nc_arg_int(args, n, 1);
		rc = dim < 0 || vd_sci_nc_inq_dim(id, dim, nm, &len);
		if (!rc && strcmp(q, "_dimlen"))
			nc_out_name(c, e, args, n, 2, nm);
		if (!rc && strcmp(q, "_dimname"))
			nc_out_int(c, args, n, q[4] ? 2 : 3, (long long)len);
	} else if (!strncmp(q, "_var", 4)) {
		int var = n >= 2 ? nc_input_var(c, &args[1], id) : -2, type, nd, natts;
		int dimids[VD_SCI_MAX_DIMS];
		rc = var < 0 ||
		     vd_sci_nc_inq_var(id, var, nm, &type, &nd, dimids, VD_SCI_MAX_DIMS, &natts);
		const char *w = q + 4;
		if (!rc && (!*w || !strcmp(w, "name")))
			nc_out_name(c, e, args, n, 2, nm);
		if (!rc && (!*w || !strcmp(w, "type")))
			nc_out_int(c, args, n, *w ? 2 : 3, type);
		if (!rc && (!*w || !strcmp(w, "ndims")))
			nc_out_int(c, args, n, *w ? 2 : 4, nd);
		long long ids[VD_SCI_MAX_DIMS];
		for (int j = 0; !rc && j < nd && j < VD_SCI_MAX_DIMS; j++)
			ids[j] = dimids[j];
		if (!rc && (!*w || !strcmp(w, "dimid")))
			nc_out_ints(c, args, n, *w ? 2 : 5, ids, nd);
		if (!rc && (!*w || !strcmp(w, "natts")))
			nc_out_int(c, args, n, *w ? 2 : 6, natts);
		rc |= *w && strcmp(w, "name") && strcmp(w, "type") && strcmp(w, "ndims") &&
		      strcmp(w, "dimid") && strcmp(w, "natts");
	} else if (!strcmp(q, "_attname")) {
		int var = n >= 2 ? nc_input_var(c, &args[1], id) : -2, num = nc_arg_int(args, n, 2);
		rc = var < -1 || num < 0 || vd_sci_nc_inq_attname(id, var, num, nm);
		if (!rc)
			nc_out_name(c, e, args, n, 3, nm);
	} else if (!strcmp(q, "_att") || !strcmp(q, "_attlen") || !strcmp(q, "_atttype")) {
		int var = n >= 2 ? nc_input_var(c, &args[1], id) : -2, type;
		size_t len;
		rc = var < -1 || n < 3 || args[2].k != V_STR ||
		     vd_sci_nc_inq_att(id, var, args[2].s, &type, &len);
		if (rc && var >= -1 && n >= 3 && args[2].k == V_STR &&
		    vd_sci_nc_att_absent(id, var, args[2].s))
			return NC_ANSWER_ENOTATT;
		if (!rc && strcmp(q, "_attlen"))
			nc_out_int(c, args, n, 3, type);
		if (!rc && strcmp(q, "_atttype"))
			nc_out_int(c, args, n, q[4] ? 3 : 4, (long long)len);
	}
	return rc;
}

/* nc_get_att and its typed forms (nc_get_att_text, _double, _int ...) on
 * an input: the attribute's values into the buffer argument - its
 * characters, or its numbers (integers for the integer forms and types) -
 * 0; else non-zero, nothing stored */
static int nc_get_att_answer(ctx *c, const char *name, val *args, int n)
{
	int id = n >= 4 ? nc_input_id(c, &args[0]) : -1;
	if (id < 0 || strncmp(name, "nc_get_att", 10) || args[2].k != V_STR)
		return 1;
	int var = nc_input_var(c, &args[1], id), type;
	const char *form = name[10] == '_' ? name + 11 : "";
	if (var < -1)
		return 1;
	enum { MAXV = 4096 };
	double *nums = vd_xcalloc(MAXV, sizeof *nums);
	char *text = vd_xcalloc(MAXV + 1, 1);
	val *out = vd_xcalloc(MAXV, sizeof *out);
	size_t len = 0;
	int rc = vd_sci_nc_get_att(id, var, args[2].s, &type, &len, nums, text, MAXV);
	if (rc && vd_sci_nc_att_absent(id, var, args[2].s))
		rc = NC_ANSWER_ENOTATT;
	if (!rc) {
		int is_text = type == 2; /* NC_CHAR */
		int as_float = !strcmp(form, "double") || !strcmp(form, "float") ||
			       (!*form && (type == 5 || type == 6)); /* NC_FLOAT, NC_DOUBLE */
		if (is_text != (!strcmp(form, "text") || (!*form && is_text)))
			rc = 1; /* text read as numbers or numbers as text: NC_ECHAR */
		for (size_t j = 0; !rc && j < len; j++)
			out[j] = is_text    ? vint((unsigned char)text[j])
				 : as_float ? vflt(nums[j])
					    : vint((long long)nums[j]);
		if (!rc)
			nc_out_vals(c, &args[3], out, (int)len);
	}
	free(nums);
	free(text);
	free(out);
	return rc;
}

/* the inquiry calls on a NetCDF input: the file's values, 0 (NC_NOERR);
 * else lib_default */
LIB_MODEL(lib_nc_inq)
{
	int rc = nc_inq_answer(c, e, name, args, n);
	return rc == NC_ANSWER_ENOTATT ? vint(NC_ENOTATT_STATUS)
	       : rc                    ? lib_default(c, e, name, args, n)
				       : vint(0);
}

/* a variable handle's shape from input `id`: rank, points, element size */
static void nc_input_shape(handle *H, int id, int var)
{
	int type, nd;
	size_t sz;
	double pts;
	H->sci_var = var + 1;
	if (vd_sci_nc_inq_var(id, var, NULL, &type, &nd, NULL, 0, NULL))
		return;
	H->rank = nd;
	if (!vd_sci_nc_type_size(id, type, &sz))
		H->tsize = (double)sz;
	if (!vd_sci_nc_var_points(id, var, &pts))
		H->npoints = pts;
}

/* After an open: nc_open of an existing input not written by the run so
 * far opens it with the library; nc_inq_varid on one finds the variable
 * (its shape).  Returns 1 when the call fails as a fact of the inputs: the
 * file exists but libnetcdf cannot read it (NC_ENOTNC), the variable is not
 * in it (NC_ENOTVAR); *ret gets the error. */
static int nc_input_open(ctx *c, const vd_catalog_entry *ce, val *args, int n, handle *H, val *ret)
{
	if (c->p->opts.paths_all || strcmp(ce->api, "netcdf"))
		return 0;
	if (!strcmp(ce->name, "nc_inq_varid")) {
		int id = n >= 1 ? nc_input_id(c, &args[0]) : -1, var;
		if (id < 0 || n < 2 || args[1].k != V_STR)
			return 0;
		if (vd_sci_nc_inq_varid(id, args[1].s, &var)) {
			*ret = vint(-49); /* NC_ENOTVAR */
			return 1;
		}
		H->sci_nc = id + 1;
		nc_input_shape(H, id, var);
		return 0;
	}
	int id;
	struct stat st;
	if (!strstr(ce->name, "open") || !H->path || H->file < 0 ||
	    c->p->files.v[H->file].written > 0 || stat(H->path, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	if (vd_sci_nc_open(H->path, &id)) {
		*ret = vint(-51); /* NC_ENOTNC */
		return 1;
	}
	H->sci_nc = id + 1;
	c->nc_inputs++;
	c->hfx++; /* handle state a call summary cannot replay */
	return 0;
}

/* nc_get_var*(ncid, varid, ...) with an integer varid on an input: a
 * handle in *tmp with the variable's shape, else NULL */
static handle *nc_input_var_handle(ctx *c, const vd_catalog_entry *ce, val *args, int n,
				   handle *tmp)
{
	handle *f = n >= 2 && ce->handle_arg == 1 && !strcmp(ce->api, "netcdf")
			    ? handle_of(c, &args[0])
			    : NULL;
	if (!f || !f->sci_nc || f->sci_var || args[1].k != V_INT || args[1].i < 0 ||
	    args[1].i >= INT_MAX)
		return NULL;
	*tmp = *f;
	tmp->ctext = NULL;
	tmp->cpos = -1;
	nc_input_shape(tmp, f->sci_nc - 1, (int)args[1].i);
	return tmp;
}

/* nc_close of an input (or the walk's end, all = 1): the library's handle
 * is closed, and no handle refers to it any more */
static void nc_input_close(ctx *c, handle *h, int all)
{
	int id = h ? h->sci_nc : 0;
	for (size_t i = 0; i < c->handles.n; i++) {
		handle *k = &c->handles.v[i];
		if (!k->sci_nc || (!all && k->sci_nc != id))
			continue;
		if (!k->sci_var) {
			vd_sci_nc_close(k->sci_nc - 1);
			c->nc_inputs--;
		}
		k->sci_nc = k->sci_var = 0;
	}
}

/* H5Sget_simple_extent_npoints of a known dataspace, H5Tget_size of a
 * known type (a dataset's, from an input or created in the run) */
LIB_MODEL(lib_h5_size)
{
	if (args[0].k == V_SPACE && name[1] == '5' && name[2] == 'S')
		return vint((long long)args[0].f);
	if (args[0].k == V_TYPE && name[2] == 'T' && args[0].f > 0)
		return vint((long long)args[0].f);
	return lib_default(c, e, name, args, n);
}

/* H5Fopen of an existing HDF5 file not written by the run so far opens it
 * with libhdf5; H5Dopen of a dataset in it gets the dataset's points,
 * element size and rank (unless the run created it: open_call has them). */
static void h5_input_open(ctx *c, const vd_catalog_entry *ce, handle *H)
{
	struct stat st;
	long long id;
	if (c->p->opts.paths_all || strcmp(ce->api, "hdf5") || H->file < 0)
		return;
	if (!strcmp(ce->name, "H5Fopen")) {
		if (H->path && c->p->files.v[H->file].written <= 0 && stat(H->path, &st) == 0 &&
		    S_ISREG(st.st_mode) && !vd_sci_h5_open(H->path, &id)) {
			H->sci_h5 = id;
			c->h5_inputs++;
			c->hfx++; /* handle state a call summary cannot replay */
		}
		return;
	}
	if (strncmp(ce->name, "H5Dopen", 7) || H->npoints >= 0 || !H->obj)
		return;
	for (size_t i = 0; i < c->handles.n; i++) {
		const handle *f = &c->handles.v[i];
		if (f->sci_h5 && f->file == H->file) {
			double pts, tsz;
			int rank;
			if (!vd_sci_h5_dataset(f->sci_h5, H->obj[0] ? H->obj : "/", &pts, &tsz,
					       &rank)) {
				H->npoints = pts;
				H->tsize = tsz;
				H->rank = rank;
			}
			return;
		}
	}
}

/* H5Fclose of an input (all: the walk's end) */
static void h5_input_close(ctx *c, handle *h, int all)
{
	for (size_t i = 0; i < c->handles.n; i++) {
		handle *k = &c->handles.v[i];
		if (k->sci_h5 && (all || k == h)) {
			vd_sci_h5_close(k->sci_h5);
			k->sci_h5 = 0;
			c->h5_inputs--;
		}
	}
}

typedef val (*lib_model_fn)(ctx *c, ir_expr *e, const char *name, val *args, int n);
typedef struct {
	const char *name;
	int min_args; /* fewer: not modelled (lib_default) */
	lib_model_fn fn;
} lib_model;

/* sorted by name, for bsearch (checked by an assert in debug builds) */
static const lib_model lib_models[] = {
	{ "H5Sget_simple_extent_npoints", 1, lib_h5_size },
	{ "H5Tget_size", 1, lib_h5_size },
	{ "MPI_Comm_rank", 2, lib_mpi_comm_rank },
	{ "MPI_Comm_size", 2, lib_mpi_comm_size },
	{ "MPI_Init", 0, lib_mpi_init },
	{ "MPI_Init_thread", 0, lib_mpi_init },
	{ "MPI_Wtime", 0, lib_clock },
	{ "__ctype_b_loc", 0, lib_ctype_table },
	{ "__ctype_tolower_loc", 0, lib_ctype_table },
	{ "__ctype_toupper_loc", 0, lib_ctype_table },
	{ "__isoc99_sscanf", 2, lib_sscanf },
	{ "__strtok_r", 3, lib_strtok },
	{ "abs", 1, lib_abs },
	{ "aligned_alloc", 2, lib_malloc },
	{ "arc4random", 0, lib_random },
	{ "arc4random_uniform", 0, lib_random },
	{ "atof", 1, lib_strtod },
	{ "atoi", 1, lib_atoi },
	{ "atol", 1, lib_atoi },
	{ "atoll", 1, lib_atoi },
	{ "calloc", 2, lib_malloc },
	{ "clock", 0, lib_clock },
	{ "difftime", 0, lib_clock },
	{ "drand48", 0, lib_random },
	{ "erand48", 0, lib_random },
	{ "feof", 1, lib_feof },
	{ "feof_unlocked", 1, lib_feof },
	{ "ferror", 1, lib_feof },
	{ "ferror_unlocked", 1, lib_feof },
	{ "fileno", 1, lib_fileno },
	{ "fork", 0, lib_fork },
	{ "free", 1, lib_free },
	{ "getcwd", 1, lib_getcwd },
	{ "getenv", 0, lib_getenv },
	{ "index", 2, lib_strchr },
	{ "isalnum", 1, lib_ctype },
	{ "isalpha", 1, lib_ctype },
	{ "isblank", 1, lib_ctype },
	{ "iscntrl", 1, lib_ctype },
	{ "isdigit", 1, lib_ctype },
	{ "isgraph", 1, lib_ctype },
	{ "islower", 1, lib_ctype },
	{ "isprint", 1, lib_ctype },
	{ "ispunct", 1, lib_ctype },
	{ "isspace", 1, lib_ctype },
	{ "isupper", 1, lib_ctype },
	{ "isxdigit", 1, lib_ctype },
	{ "labs", 1, lib_abs },
	{ "llabs", 1, lib_abs },
	{ "lrand48", 0, lib_random },
	{ "malloc", 1, lib_malloc },
	{ "memcmp", 3, lib_memcmp },
	{ "memcpy", 3, lib_memcpy },
	{ "memmove", 3, lib_memcpy },
	{ "memset", 3, lib_memset },
	{ "mrand48", 0, lib_random },
	{ "nc_inq", 2, lib_nc_inq },
	{ "nc_inq_att", 2, lib_nc_inq },
	{ "nc_inq_attlen", 2, lib_nc_inq },
	{ "nc_inq_attname", 2, lib_nc_inq },
	{ "nc_inq_atttype", 2, lib_nc_inq },
	{ "nc_inq_dim", 2, lib_nc_inq },
	{ "nc_inq_dimid", 2, lib_nc_inq },
	{ "nc_inq_dimids", 2, lib_nc_inq },
	{ "nc_inq_dimlen", 2, lib_nc_inq },
	{ "nc_inq_dimname", 2, lib_nc_inq },
	{ "nc_inq_format", 2, lib_nc_inq },
	{ "nc_inq_grps", 2, lib_nc_inq },
	{ "nc_inq_natts", 2, lib_nc_inq },
	{ "nc_inq_ndims", 2, lib_nc_inq },
	{ "nc_inq_nvars", 2, lib_nc_inq },
	{ "nc_inq_type", 2, lib_nc_inq },
	{ "nc_inq_typeids", 2, lib_nc_inq },
	{ "nc_inq_unlimdim", 2, lib_nc_inq },
	{ "nc_inq_unlimdims", 2, lib_nc_inq },
	{ "nc_inq_var", 2, lib_nc_inq },
	{ "nc_inq_vardimid", 2, lib_nc_inq },
	{ "nc_inq_varname", 2, lib_nc_inq },
	{ "nc_inq_varnatts", 2, lib_nc_inq },
	{ "nc_inq_varndims", 2, lib_nc_inq },
	{ "nc_inq_vartype", 2, lib_nc_inq },
	{ "nrand48", 0, lib_random },
	{ "omp_get_wtime", 0, lib_clock },
	{ "posix_memalign", 3, lib_posix_memalign },
	{ "pthread_create", 3, lib_thread_create },
	{ "rand", 0, lib_random },
	{ "rand_r", 0, lib_random },
	{ "random", 0, lib_random },
	{ "realloc", 2, lib_malloc },
	{ "rindex", 2, lib_strchr },
	{ "secure_getenv", 0, lib_getenv },
	{ "shmat", 1, lib_shmat },
	{ "shmget", 2, lib_shmget },
	{ "snprintf", 3, lib_sprintf },
	{ "sprintf", 2, lib_sprintf },
	{ "sscanf", 2, lib_sscanf },
	{ "strcasecmp", 2, lib_strcmp },
	{ "strchr", 2, lib_strchr },
	{ "strcmp", 2, lib_strcmp },
	{ "strcpy", 1, lib_strcpy },
	{ "strcspn", 2, lib_strspan },
	{ "strdup", 1, lib_strcpy },
	{ "strftime", 4, lib_strftime },
	{ "strlen", 1, lib_strlen },
	{ "strncasecmp", 2, lib_strcmp },
	{ "strncmp", 2, lib_strcmp },
	{ "strncpy", 1, lib_strcpy },
	{ "strpbrk", 2, lib_strstr },
	{ "strrchr", 2, lib_strchr },
	{ "strsep", 2, lib_strsep },
	{ "strspn", 2, lib_strspan },
	{ "strstr", 2, lib_strstr },
	{ "strtod", 1, lib_strtod },
	{ "strtof", 1, lib_strtod },
	{ "strtoimax", 1, lib_strtol },
	{ "strtok", 2, lib_strtok },
	{ "strtok_r", 3, lib_strtok },
	{ "strtol", 1, lib_strtol },
	{ "strtoll", 1, lib_strtol },
	{ "strtoul", 1, lib_strtol },
	{ "strtoull", 1, lib_strtol },
	{ "strtoumax", 1, lib_strtol },
	{ "thrd_create", 2, lib_thread_create },
	{ "time", 0, lib_clock },
	{ "tolower", 1, lib_ctype },
	{ "toupper", 1, lib_ctype },
	{ "vfork", 0, lib_fork },
};

static int lib_model_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const lib_model *)elem)->name);
}

/* The string arguments a library model only reads (bit i: argument i). */
static unsigned text_args(const lib_model *m, const char *name)
{
	if (m->fn == lib_strcpy)
		return strcmp(name, "strdup") ? 2u : 1u; /* the source, never the destination */
	if (m->fn == lib_strlen || m->fn == lib_strcmp || m->fn == lib_strchr ||
	    m->fn == lib_strstr || m->fn == lib_strspan)
		return 3u;
	if (m->fn == lib_strtod || m->fn == lib_atoi || m->fn == lib_strtol)
		return 1u;
	return 0;
}

/* A library model called with the text a heap buffer holds: a pointer into
 * an object the program filled character by character (`*q++ = *p++` into
 * `malloc(len + 1)`) reads as its NUL-terminated text when every character
 * is known, so `strdup`, `strcmp`, `strchr` ... of an unescaped path see
 * it.  A search's result (`strchr`, `strstr`) points into the object. */
static val lib_model_call(ctx *c, ir_expr *e, const lib_model *m, const char *name, val *args,
			  int n)
{
	unsigned ta = text_args(m, name);
	val mem0 = n > 0 ? args[0] : unk(0);
	const char *t0 = NULL;
	for (int i = 0; i < n && i < 2; i++) {
		const char *mt = (ta >> i & 1u) ? mem_text(c, &args[i]) : NULL;
		if (!mt)
			continue;
		args[i] = vstr(mt);
		if (i == 0)
			t0 = mt;
	}
	val r = m->fn(c, e, name, args, n);
	if (t0 && r.k == V_STR && (m->fn == lib_strchr || m->fn == lib_strstr) && r.s >= t0 &&
	    r.s <= t0 + strlen(t0)) {
		val p = mem0;
		p.i += (long long)(r.s - t0);
		return p;
	}
	return r;
}

static val call_external(ctx *c, ir_expr *e, const char *name, val *args, int n)
{
	if (!name)
		return unk(0);
	if (c->gopt_call == e) /* an option loop run with --args (exec_loop) */
		return lib_getopt_next(c, args, n);
	c->ops += ext_cost(c->p, name, args, n);
#ifndef NDEBUG
	for (size_t i = 1; i < sizeof lib_models / sizeof *lib_models; i++)
		assert(strcmp(lib_models[i - 1].name, lib_models[i].name) < 0);
#endif
	const lib_model *m = bsearch(name, lib_models, sizeof lib_models / sizeof *lib_models,
				     sizeof *lib_models, lib_model_cmp);
	if (m && n >= m->min_args)
		return lib_model_call(c, e, m, name, args, n);
	if (strstr(name, "hash")) /* a hash function's value is as good as random */
		return unk(T_RAND);
	return lib_default(c, e, name, args, n);
}

/* ---- functions handed to library calls ------------------------------------------------------
 * A project function passed to a library function whose body is not
 * walked (pthread_create's start routine, qsort's comparison, an
 * iterator's visitor such as H5Literate's) runs when the library calls
 * it: its I/O belongs to the caller's block, not to an unreached function.
 * How often: pthread_create/thrd_create and atexit once (with the
 * argument the start routine gets); qsort n log2 n and bsearch log2 n + 1
 * comparisons of a known n; signal handlers never in a normal run;
 * anything else an unknown number of times, the --assume-trip count,
 * flagged. */
static int is_call(const char *name, const char *const *names);
static void push_note(ctx *c, const char *n);
static val call_function(ctx *c, ir_func *f, val *args, int n);
static void glog_undo(ctx *c, size_t from);

static void walk_callbacks(ctx *c, ir_expr *e, const char *name, val *args, int n)
{
	static const char *const never[] = { "signal",     "sigaction",      "sigset",
					     "bsd_signal", "pthread_atfork", NULL };
	static const char *const once[] = { "pthread_create", "thrd_create",  "atexit",
					    "on_exit",        "pthread_once", NULL };
	for (int i = 0; name && i < n; i++) {
		ir_func *f = args[i].k == V_FUNC ? args[i].fn : NULL;
		if (!f || f->on_stack)
			continue;
		if (is_call(name, never))
			return;
		double times = c->p->opts.assume_trip;
		const char *nt = NULL;
		val *cargs = vd_xcalloc((size_t)f->nparams + 1, sizeof(val));
		for (int k = 0; k < f->nparams; k++)
			cargs[k] = unk(0);
		int sure = is_call(name, once);
		if (sure) {
			times = 1;
			if (!strcmp(name, "pthread_create") && n >= 4 && f->nparams >= 1)
				cargs[0] = args[3];
			else if (!strcmp(name, "thrd_create") && n >= 3 && f->nparams >= 1)
				cargs[0] = args[2];
			else if (!strcmp(name, "on_exit") && n >= 2 && f->nparams >= 2)
				cargs[1] = args[1];
		} else if ((!strcmp(name, "qsort") || !strcmp(name, "bsearch")) && n >= 3 &&
			   args[!strcmp(name, "qsort") ? 1 : 2].k == V_INT) {
			double m = (double)args[!strcmp(name, "qsort") ? 1 : 2].i;
			times = m <= 1 ? 0 : name[0] == 'q' ? m * log2(m) : floor(log2(m)) + 1;
			sure = 1;
		} else {
			nt = note(c,
				  "%s passed to %s at %s:%d: called an unknown number of times, "
				  "assumed %g (--assume-trip)",
				  f->name, name, c->fr && c->fr->fn ? c->fr->fn->file : "?",
				  e->line, times);
		}
		double m0 = c->mult;
		unsigned u0 = c->unk;
		int notes0 = c->nnotes;
		if (nt) {
			c->unk |= COUNT_BITS | P_BIT(3) | P_BIT(8);
			push_note(c, nt);
			c->cond++;
		}
		c->mult = m0 * times;
		/* an exit handler runs when the run ends: what it stores in
		 * globals (a library's "initialized" flag cleared) is not seen
		 * by the code after its registration */
		int at_end = !strcmp(name, "atexit") || !strcmp(name, "on_exit");
		size_t gpos = c->glog.n;
		c->glog_on += at_end;
		if (c->mult > 0)
			call_function(c, f, cargs, f->nparams);
		if (at_end) {
			glog_undo(c, gpos);
			c->glog_on--;
		}
		c->mult = m0;
		if (nt)
			c->cond--;
		c->unk = u0;
		c->nnotes = notes0;
		free(cargs);
	}
}

/* ---- I/O calls ----------------------------------------------------------------------------- */

static double type_size(const val *v)
{
	if (v->k == V_TYPE)
		return v->f;
	if (v->k == V_INT) {
		/* MPICH encodes builtin datatype sizes in the handle: 0x4c00SS.. */
		unsigned long long x = (unsigned long long)v->i;
		if ((x & 0xff000000ULL) == 0x4c000000ULL)
			return (double)((x >> 8) & 0xff);
	}
	return -1;
}

static double space_points(const val *v)
{
	return v->k == V_SPACE ? v->f : -1;
}

static val *arg_at(val *args, int n, int i)
{
	return i >= 0 && i < n ? &args[i] : NULL;
}

static long cat_const(ctx *c, const char *name, long fallback)
{
	const vd_catalog_constant *k = vd_catalog_find_constant(c->p->catalog, name);
	return k && k->has_value ? k->value : fallback;
}

/* What an I/O call returns when it succeeds (tainted T_OK: a test of it is
 * an error-path test).  MPI-IO, HDF5 and the other libraries return a
 * success status 0; POSIX and stdio return what moved - read() and write()
 * the bytes asked for, fread()/fwrite() the items, fgets() its non-NULL
 * buffer - or 0 for close, flush, sync and seek.  Calls whose result says
 * where the data ends (getc, fscanf, getline) and metadata calls (stat,
 * access: their "failure" is often the point) stay unknown. */
static val io_success(const vd_catalog_entry *ce, val *args, int n, double bytes, int bytes_known)
{
	val r = unk(0);
	int lib = strcmp(ce->api, "posix") && strcmp(ce->api, "stdio");
	const char *nm = ce->name;
	switch (ce->op) {
	case VD_OP_CLOSE:
	case VD_OP_FLUSH:
	case VD_OP_SYNC:
		r = vint(0);
		break;
	case VD_OP_SEEK:
		if (!strcmp(nm, "ungetc")) /* the character pushed back */
			r = n >= 1 && args[0].k == V_INT ? vint(args[0].i) : unk(0);
		else if (!lib && (!strncmp(nm, "lseek", 5) || !strncmp(nm, "ftell", 5)))
			r = unk(T_NN);
		else
			r = vint(0);
		break;
	case VD_OP_READ:
	case VD_OP_WRITE:
		if (lib) {
			r = vint(0);
		} else if (ce->size_arg >= 0 && ce->count_arg >= 0) { /* fread, fwrite */
			val *k = arg_at(args, n, ce->count_arg);
			r = k && k->k == V_INT ? vint(k->i) : unk(T_NN);
		} else if (!strncmp(nm, "fgets", 5) || !strncmp(nm, "gets", 4)) {
			r = unk(T_NZ);
		} else if (ce->op == VD_OP_WRITE || ce->bytes_arg >= 0) {
			r = !bytes_known || bytes < 0 ? unk(T_NN)
			    : ce->op == VD_OP_WRITE && bytes != floor(bytes)
				    ? vflt(bytes) /* an average share: `w != n` holds it too */
				    : flt_to_int(bytes, T_NN);
		} else {
			return unk(0); /* getc, fscanf, getline: where the data ends */
		}
		break;
	default:
		return unk(0);
	}
	r.t |= T_OK;
	return r;
}

/* Bytes a struct iovec array describes (readv, pwritev2): the sum of the
 * first `cnt` iov_len fields, -1 if any is unknown.  A struct iovec is
 * { iov_base, iov_len }: one written with braces is that pair as an array;
 * one filled member by member (v.iov_len = n) keeps the field by name. */
static double iov_bytes(ctx *c, const val *iov, const val *cnt)
{
	if (!iov || !cnt || cnt->k != V_INT || cnt->i < 0)
		return -1;
	double sum = 0;
	for (long long i = 0; i < cnt->i; i++) {
		val el = unk(0), len = unk(0);
		field_val *f = NULL;
		if (iov->k == V_ARR && i < iov->a->n)
			el = ARR_AT(iov->a, i);
		else if (iov->k == V_REF && i == 0) /* writev(fd, &v, 1) */
			el = *iov->ref, f = field_slot(c, iov->ref, "iov_len", 0);
		else
			return -1;
		if (f)
			len = f->v;
		else if (el.k == V_ARR && el.a->n == 2)
			len = ARR_AT(el.a, 1);
		if (!known_num(&len) || num(&len) < 0)
			return -1;
		sum += num(&len);
	}
	return sum;
}

/* The handle an argument denotes, -1 if none: a handle value, or a pointer
 * to one (MPI_File_close(&fh)); for POSIX calls also the descriptors 0, 1
 * and 2, which are the standard streams' handles (dup2(fd, 1)). */
static int handle_id(ctx *c, const vd_catalog_entry *ce, const val *v)
{
	if (v && v->k == V_REF)
		v = v->ref;
	if (!v)
		return -1;
	if (v->k == V_HANDLE)
		return v->h >= 0 && v->h < (int)c->handles.n ? v->h : -1;
	if (v->k == V_INT && v->i >= 0 && v->i <= 2 && !strcmp(ce->api, "posix"))
		return (int)v->i;
	return -1;
}

/* The HDF5 path of the object named `name` inside the object at path
 * `parent` ("" is a file's root group), or NULL when either is unknown.
 * Empty and "." components are dropped: "/a//b/." is "/a/b". */
static const char *object_path(ctx *c, const char *parent, const val *name)
{
	if (!name || name->k != V_STR || (name->s[0] != '/' && !parent))
		return NULL;
	vd_buf raw = VD_BUF_INIT, out = VD_BUF_INIT;
	if (name->s[0] != '/')
		vd_buf_printf(&raw, "%s/", parent);
	vd_buf_puts(&raw, name->s);
	const char *s = vd_buf_cstr(&raw);
	while (*s) {
		while (*s == '/')
			s++;
		size_t len = strcspn(s, "/");
		if (len && !(len == 1 && s[0] == '.'))
			vd_buf_printf(&out, "/%.*s", (int)len, s);
		s += len;
	}
	const char *r = vd_arena_strdup(c->a, vd_buf_cstr(&out));
	vd_buf_release(&raw);
	vd_buf_release(&out);
	return r;
}

/* The latest handle other than `self` on object `obj` of file `file`: the
 * object as it was last created or opened in this run, NULL if never. */
static const handle *object_handle(ctx *c, int file, const char *obj, int self)
{
	for (size_t i = c->handles.n; i-- > 0;) {
		const handle *o = &c->handles.v[i];
		if ((int)i != self && o->file == file && o->obj && !strcmp(o->obj, obj))
			return o;
	}
	return NULL;
}

/* pts times the first len numbers of array a; an unknown one makes the
 * product -1e300 (negative: not a number of points) */
static double times_elems(double pts, const arr *a, long long len)
{
	for (long long i = 0; i < len; i++) {
		val d = ARR_AT(a, i);
		pts = known_num(&d) ? pts * num(&d) : -1e300;
	}
	return pts;
}

/* A catalog helper with value semantics only (op none): dataspaces and
 * datatypes are built, and an open dataset says what it was created with. */
/* ---- array-valued extents (NetCDF, PnetCDF): the values the catalog's
 * sizing functions need, read out of the evaluator's ---- */

/* Up to `max` elements of array value `v` (from where it points; a pointer
 * to a scalar is one element) as numbers, -1 each one unknown; dimension
 * ids (spaces) give their points.  How many, -1 when `v` is neither. */
static int arr_numbers(const val *v, double *out, int max)
{
	if (v && v->k == V_REF && v->ref && max >= 1) { /* &dimid, &n: one element */
		val d = *v->ref;
		out[0] = d.k == V_SPACE ? d.f : known_num(&d) && num(&d) >= 0 ? num(&d) : -1;
		return 1;
	}
	if (!v || v->k != V_ARR || v->i < 0)
		return -1;
	int m = 0;
	for (long long j = v->i; j < v->a->n && m < max; j++) {
		val d = ARR_AT(v->a, j);
		out[m++] = d.k == V_SPACE ? d.f : known_num(&d) && num(&d) >= 0 ? num(&d) : -1;
	}
	return m;
}

/* nc_def_dim(ncid, name, len, &dimid): dimid denotes len points (an
 * unlimited dimension, len 0, is unknown). */
static val dimension_call(ctx *c, const vd_catalog_entry *ce, val *args, int n)
{
	val *len = arg_at(args, n, ce->count_arg), *out = arg_at(args, n, ce->handle_out);
	if (out && out->k == V_REF) {
		val d = unk(0);
		if (len && known_num(len) && num(len) > 0) {
			d.k = V_SPACE;
			d.f = num(len);
		}
		store_val(c, out->ref, d);
	}
	return vint(0);
}

/* nc_var_par_access(ncid, varid, par): the variable's later data calls are
 * collective when par is NC_COLLECTIVE, independent otherwise. */
static val par_access_call(ctx *c, const vd_catalog_entry *ce, val *args, int n)
{
	int hid = handle_id(c, ce, arg_at(args, n, ce->handle_arg));
	val *par = arg_at(args, n, ce->flags_arg);
	if (hid >= 0) {
		int coll = par && par->k == V_INT && par->i == cat_const(c, "NC_COLLECTIVE", 1);
		if (coll != c->handles.v[hid].collective)
			c->hfx++; /* handle state a call summary cannot replay */
		c->handles.v[hid].collective = coll;
	}
	return vint(0);
}

/* nc_def_var(ncid, name, xtype, ndims, dimids, &varid): the new variable
 * handle's rank, points and element size. */
static void variable_shape(const vd_catalog_entry *ce, val *args, int n, handle *H)
{
	val *x = arg_at(args, n, ce->xtype_arg), *rk = arg_at(args, n, ce->rank_arg);
	double d[VD_CATALOG_MAX_RANK];
	if (ce->xtype_arg < 0 || ce->op != VD_OP_OPEN)
		return;
	H->tsize = x && x->k == V_INT ? (double)vd_catalog_nc_type_size((long)x->i) : -1;
	H->rank = rk && rk->k == V_INT && rk->i >= 0 && rk->i <= VD_CATALOG_MAX_RANK ? (int)rk->i
										     : -1;
	H->npoints = vd_catalog_extent(d, arr_numbers(arg_at(args, n, ce->dims_arg), d, H->rank),
				       H->rank);
}

/* Bytes of an array-sized data call (counts, whole, one), -1 unknown. */
static double array_call_bytes(const vd_catalog_entry *ce, val *args, int n, const handle *h)
{
	double cnt[VD_CATALOG_MAX_RANK];
	int m = arr_numbers(arg_at(args, n, ce->counts_arg), cnt, VD_CATALOG_MAX_RANK);
	val *k = arg_at(args, n, ce->count_arg), *x = arg_at(args, n, ce->xtype_arg);
	if (ce->counts_arg < 0 && k) { /* a scalar count: nc_put_att_double's len */
		cnt[0] = known_num(k) && num(k) >= 0 ? num(k) : -1;
		m = 1;
	}
	return vd_catalog_array_bytes(
		ce, h ? h->npoints : -1, h ? h->rank : -1, h ? h->tsize : -1, cnt, m,
		x && x->k == V_INT ? (double)vd_catalog_nc_type_size((long)x->i) : -1);
}

static val helper_call(ctx *c, ir_expr *e, const vd_catalog_entry *ce, val *args, int n)
{
	val ret = unk(0);
	switch (ce->role) {
	case VD_ROLE_DATASPACE: {
		val *rank = arg_at(args, n, ce->rank_arg), *dims = arg_at(args, n, ce->dims_arg);
		if (rank && dims && rank->k == V_INT && dims->k == V_ARR && rank->i <= dims->a->n) {
			double pts = times_elems(1, dims->a, rank->i);
			if (pts >= 0) {
				ret.k = V_SPACE;
				ret.f = pts;
			}
		}
		return ret;
	}
	case VD_ROLE_DIMENSION:
		return dimension_call(c, ce, args, n);
	case VD_ROLE_PAR_ACCESS:
		return par_access_call(c, ce, args, n);
	case VD_ROLE_SCALARSPACE:
		ret.k = V_SPACE;
		ret.f = 1;
		return ret;
	case VD_ROLE_HYPERSLAB: {
		/* selection = prod(count) x prod(block); rank from the space is
		 * unknown here, so use the arrays' lengths */
		val *sp = arg_at(args, n, ce->handle_arg), *cnt = arg_at(args, n, ce->count_arg),
		    *blk = arg_at(args, n, ce->size_arg);
		if (sp && e->kids[ce->handle_arg]->kind == E_VAR && cnt && cnt->k == V_ARR) {
			double pts = times_elems(1, cnt->a, cnt->a->n);
			if (blk && blk->k == V_ARR)
				pts = times_elems(pts, blk->a, blk->a->n);
			val s = unk(0);
			if (pts >= 0) {
				s.k = V_SPACE;
				s.f = pts;
			}
			assign_to(c, e->kids[ce->handle_arg], s);
		}
		return vint(0);
	}
	case VD_ROLE_TYPE_CONTIG: {
		val *cnt = arg_at(args, n, ce->count_arg), *old = arg_at(args, n, ce->type_arg);
		val *out = arg_at(args, n, ce->handle_out);
		if (out && out->k == V_REF) {
			val t = unk(0);
			if (cnt && old && known_num(cnt) && type_size(old) > 0) {
				t.k = V_TYPE;
				t.f = num(cnt) * type_size(old);
			}
			store_val(c, out->ref, t);
		}
		return vint(0);
	}
	case VD_ROLE_TYPE_COPY: {
		val *t = arg_at(args, n, ce->type_arg);
		return t ? *t : unk(0);
	}
	case VD_ROLE_OBJECT_SPACE:
	case VD_ROLE_OBJECT_TYPE: {
		/* H5Dget_space/H5Dget_type: what the dataset was created with */
		int oid = handle_id(c, ce, arg_at(args, n, ce->handle_arg));
		const handle *o = oid >= 0 ? &c->handles.v[oid] : NULL;
		if (o && ce->role == VD_ROLE_OBJECT_SPACE && o->npoints >= 0) {
			ret.k = V_SPACE;
			ret.f = o->npoints;
		} else if (o && ce->role == VD_ROLE_OBJECT_TYPE && o->tsize > 0) {
			ret.k = V_TYPE;
			ret.f = o->tsize;
		}
		return ret;
	}
	default:
		return unk(0);
	}
}

/* The event of an I/O call being built, with the number of its notes. */
typedef struct io_ev {
	vd_io_event ev;
	int nn;
	int sized; /* its own byte count is unknown, estimated or assumed (not
		    * only the count of calls, which the loop's notes cover) */
} io_ev;

/* Adds "<call> at <file>:<line>: <what>" to the event's notes; when they
 * are full, it replaces the last one. */
static void io_note(ctx *c, io_ev *x, const vd_catalog_entry *ce, const ir_expr *e, const char *fmt,
		    ...) VD_PRINTF(5, 6);
static void io_note(ctx *c, io_ev *x, const vd_catalog_entry *ce, const ir_expr *e, const char *fmt,
		    ...)
{
	va_list ap;
	va_start(ap, fmt);
	vd_buf what = VD_BUF_INIT;
	vd_buf_vprintf(&what, fmt, ap);
	va_end(ap);
	x->ev.notes[x->nn < MAX_NOTES - 1 ? x->nn++ : x->nn - 1] =
		note(c, "%s at %s:%d: %s", ce->name, c->p->blocks.v[e->block].file, e->line,
		     vd_buf_cstr(&what));
	vd_buf_release(&what);
}

/* The handle a call that opens nothing operates on (the standard streams
 * of printf and friends, else its handle argument), NULL if unknown. */
static handle *call_handle(ctx *c, const vd_catalog_entry *ce, val *args, int n)
{
	int hid = -1;
	if (ce->flags & VD_CAT_STDOUT)
		hid = 1;
	else if (ce->flags & VD_CAT_STDIN)
		hid = 0;
	else if (ce->flags & VD_CAT_STDERR)
		hid = 2;
	else
		hid = handle_id(c, ce, arg_at(args, n, ce->handle_arg));
	return hid >= 0 && hid < (int)c->handles.n ? &c->handles.v[hid] : NULL;
}

/* An open: the handle it makes (or remakes: dup2, freopen), the file it
 * refers to, and what the call returns.  *hp gets the handle. */
/* The text a file the run creates gets, while every write to it is text
 * the walk knows, made once (not in a loop walked once for many
 * iterations, not under an unknown condition): `save_params()` writing
 * "n 30\nm 12\n" that `load_params()` reads back with fscanf.  At most
 * CONTENT_MAX_BYTES. */
typedef struct wtext {
	char *s;
	size_t len, cap;
	int ok; /* the text is the file's whole content */
} wtext;

#define CONTENT_MAX_BYTES (1L << 20)

static void wtext_open(ctx *c, const vd_file_info *f)
{
	if (!f->path || c->p->opts.paths_all)
		return;
	if (!c->wtexts)
		c->wtexts = vd_map_new();
	wtext *w = vd_map_get(c->wtexts, f->path);
	if (!w && f->made != 0)
		return;
	if (!w) {
		w = vd_arena_alloc(c->a, sizeof *w);
		vd_map_put(c->wtexts, f->path, w);
	}
	w->len = 0;
	w->ok = f->made == 0;
}

static wtext *wtext_live(ctx *c, const vd_file_info *f)
{
	wtext *w = c->wtexts && f->path ? vd_map_get(c->wtexts, f->path) : NULL;
	return w && w->ok ? w : NULL;
}

/* a write of `len` bytes at `t` (NULL: not known) to the file */
static void wtext_add(ctx *c, const vd_file_info *f, const char *t, size_t len)
{
	wtext *w = wtext_live(c, f);
	if (!w)
		return;
	if (!t || c->mult != 1 || c->cond != 0 || w->len + len > (size_t)CONTENT_MAX_BYTES) {
		w->ok = 0;
		return;
	}
	if (w->len + len + 1 > w->cap) {
		size_t cap = (w->len + len + 1) * 2;
		char *ns = vd_arena_alloc(c->a, cap);
		if (w->len)
			memcpy(ns, w->s, w->len);
		w->s = ns;
		w->cap = cap;
	}
	memcpy(w->s + w->len, t, len);
	w->len += len;
	w->s[w->len] = '\0';
}

/* The text of a text write, when the walk knows it all (caller frees *out) */
static int write_text(const vd_catalog_entry *ce, val *args, int n, vd_buf *out)
{
	val *a;
	if ((a = arg_at(args, n, ce->string_arg)))
		return a->k == V_STR && strcmp(ce->name, "puts") && (vd_buf_puts(out, a->s), 1);
	if ((a = arg_at(args, n, ce->format_arg))) {
		unsigned taint = 0;
		int u = 0;
		if (a->k != V_STR || !strcmp(ce->name, "printf"))
			return 0;
		format_text(out, a->s, args + ce->format_arg + 1, n - ce->format_arg - 1, &taint,
			    &u);
		return !u;
	}
	if (ce->fixed_bytes == 1 && strstr(ce->name, "putc") && n >= 1 && args[0].k == V_INT) {
		vd_buf_putc(out, (char)args[0].i);
		return 1;
	}
	return 0;
}

/* What an open does to the size the walk knows a file has (made): a
 * truncating open ("w", O_TRUNC, creat) where the walk runs once starts it
 * at 0; any other open for writing makes it unsure; reads leave it. */
static void opened_made(ctx *c, vd_file_info *f, const vd_catalog_entry *ce, const val *fl,
			const val *md)
{
	int trunc = -1; /* 1 truncates, 0 writes without truncating, -1 reads */
	if (md && md->k == V_STR)
		trunc = md->s[0] == 'w' ? 1 : (md->s[0] == 'a' || strchr(md->s, '+')) ? 0 : -1;
	else if (fl && fl->k == V_INT && strcmp(ce->api, "posix") == 0)
		trunc = (fl->i & cat_const(c, "O_TRUNC", 01000)) ? 1 : (fl->i & 3) ? 0 : -1;
	else if (!strcmp(ce->name, "creat"))
		trunc = 1;
	else if (ce->mode_arg >= 0 || ce->flags_arg >= 0)
		trunc = 0; /* a mode or flags not known */
	if (trunc >= 0) {
		f->made = trunc && c->mult == 1 && c->cond == 0 ? 0 : -1;
		wtext_open(c, f);
	}
}

static val open_call(ctx *c, ir_expr *e, const vd_catalog_entry *ce, val *args, int n, io_ev *x,
		     handle **hp)
{
	vd_project *p = c->p;
	val ret;
	val *path = arg_at(args, n, ce->path_arg);
	const char *mt = path ? mem_text(c, path) : NULL;
	val pv;
	if (mt) { /* a path the program built in a heap buffer (mem_slot) */
		pv = vstr(mt);
		path = &pv;
	}
	int pid = handle_id(c, ce, arg_at(args, n, ce->handle_arg));
	int tid = handle_id(c, ce, arg_at(args, n, ce->target_arg));
	handle ph = pid >= 0 ? c->handles.v[pid] : handle_none;
	int nh;
	if (tid >= 0) {
		/* dup2(fd, newfd), freopen(path, mode, stream): an existing
		 * handle now refers to another file, for every value that holds
		 * it (printf after dup2(fd, 1)); like a write to a global, this
		 * is state a call summary cannot replay */
		nh = tid;
		c->handles.v[nh] = handle_none;
		c->gver++;
		c->hfx++;
	} else {
		nh = new_handle(c);
	}
	handle *H = &c->handles.v[nh];
	if (pid >= 0) {
		/* a dataset, group or attribute inside an open file or group,
		 * an fdopen stream, a dup'ed descriptor */
		H->file = ph.file;
		H->per_exec = ph.per_exec;
		H->path = ph.path;
		H->sync = ph.sync;
		H->direct = ph.direct;
		H->obj = object_path(c, ph.obj, arg_at(args, n, ce->object_arg));
	} else if (path && path->k == V_STR) {
		H->path = path->s;
		H->file = file_index(c, path->s, path->s);
		H->obj = "";
	} else {
		vd_buf kb = VD_BUF_INIT;
		vd_buf_printf(&kb, "site:%s", p->blocks.v[e->block].id);
		H->file = file_index(c, vd_buf_cstr(&kb), NULL);
		vd_buf_release(&kb);
		H->per_exec = path && (path->t & T_VARY);
		H->obj = "";
		if (!path || path->k != V_STR)
			io_note(c, x, ce, e, "path unknown, file identified by the call site");
	}
	val *fl = arg_at(args, n, ce->flags_arg);
	if (fl && fl->k == V_INT) {
		long osync = cat_const(c, "O_SYNC", 04010000),
		     odsync = cat_const(c, "O_DSYNC", 010000);
		if (!strcmp(ce->api, "posix") && ((fl->i & osync) == osync || (fl->i & odsync)))
			H->sync = 1;
		if (!strcmp(ce->api, "posix") && (fl->i & cat_const(c, "O_DIRECT", 040000)))
			H->direct = 1;
		if (!strcmp(ce->api, "posix") &&
		    (fl->i & (cat_const(c, "O_CREAT", 0100) | cat_const(c, "O_TRUNC", 01000))))
			x->ev.create = 1;
	}
	val *md = arg_at(args, n, ce->mode_arg);
	if (md && md->k == V_STR && (md->s[0] == 'w' || md->s[0] == 'a'))
		x->ev.create = 1;
	if (!strcmp(ce->name, "creat"))
		x->ev.create = 1;
	if (pid < 0 && tid < 0 && H->file >= 0 && path && path->k == V_STR)
		opened_made(c, &p->files.v[H->file], ce, fl, md);
	if (ce->flags & VD_CAT_UNIQUE) /* mkstemp, tmpfile: a new file every time */
		H->per_exec = 1;
	val *sp = arg_at(args, n, ce->space_arg), *ty = arg_at(args, n, ce->type_arg);
	if (sp)
		H->npoints = space_points(sp);
	if (ty)
		H->tsize = type_size(ty);
	if (!sp && !ty && H->obj && H->obj[0]) {
		/* H5Dopen2(file, name): the dataset keeps the dataspace and
		 * type it was created with earlier in the run */
		const handle *o = object_handle(c, H->file, H->obj, nh);
		if (o) {
			H->npoints = o->npoints;
			H->tsize = o->tsize;
			H->rank = o->rank;
		}
	}
	variable_shape(ce, args, n, H);
	val hv = { 0 };
	hv.k = V_HANDLE;
	hv.h = nh;
	hv.t = path ? (path->t & T_VARY) : 0;
	if (ce->handle_out >= 0) {
		val *out = arg_at(args, n, ce->handle_out);
		if (out && out->k == V_REF)
			store_val(c, out->ref, hv);
		ret = vint(0);
	} else {
		ret = hv;
	}
	*hp = &c->handles.v[nh];
	return ret;
}

/* v when it is a byte count, unknown when negative */
static io_bytes bytes_of(double v)
{
	return (io_bytes){ v >= 0 ? v : -1, v >= 0 ? BYTES_KNOWN : BYTES_UNKNOWN };
}

/* The bytes a read or write moves, by the first of the catalog's ways of
 * sizing it that the entry has. */
static io_bytes call_bytes(ctx *c, const vd_catalog_entry *ce, val *args, int n, const handle *h)
{
	val *a;
	if (ce->fixed_bytes >= 0)
		return bytes_of((double)ce->fixed_bytes);
	if (vd_catalog_array_sized(ce))
		return bytes_of(array_call_bytes(ce, args, n, h));
	if ((a = arg_at(args, n, ce->bytes_arg)))
		return bytes_of(known_num(a) ? num(a) : -1);
	if (ce->size_arg >= 0 && ce->count_arg >= 0) {
		val *s = arg_at(args, n, ce->size_arg), *k = arg_at(args, n, ce->count_arg);
		return bytes_of(s && k && known_num(s) && known_num(k) ? num(s) * num(k) : -1);
	}
	if (ce->count_arg >= 0 && ce->type_arg >= 0) {
		val *k = arg_at(args, n, ce->count_arg), *t = arg_at(args, n, ce->type_arg);
		double ts = t ? type_size(t) : -1;
		return bytes_of(k && known_num(k) && ts > 0 ? num(k) * ts : -1);
	}
	if (ce->type_arg >= 0) {
		/* HDF5: points of the selection x the memory type's size */
		val *t = arg_at(args, n, ce->type_arg);
		double ts = t ? type_size(t) : -1;
		double pts = -1;
		val *ms = arg_at(args, n, ce->space_arg), *fs = arg_at(args, n, ce->filespace_arg);
		/* the memory and file selections have the same number of
		 * points (HDF5 requires it), so the file selection sizes a
		 * memory space that is H5S_ALL or unknown; a file space of
		 * H5S_ALL selects the whole dataset */
		if (ms && ms->k == V_SPACE)
			pts = ms->f;
		else if (fs && fs->k == V_SPACE)
			pts = fs->f;
		else if ((!fs || (fs->k == V_INT && fs->i == 0)) && h)
			pts = h->npoints;
		return bytes_of(ts > 0 && pts >= 0 ? ts * pts : -1);
	}
	if ((a = arg_at(args, n, ce->string_arg))) {
		if (a->k == V_STR)
			return bytes_of((double)strlen(a->s));
		/* text unknown: its expected length when snprintf left it
		 * (T_SLEN), else estimated as a printf's %s is */
		if ((a->t & T_SLEN) && a->f >= 0)
			return (io_bytes){ a->f, BYTES_ESTIMATED };
		return (io_bytes){ (double)strlen(TYPICAL_STRING), BYTES_ESTIMATED };
	}
	if ((a = arg_at(args, n, ce->format_arg))) {
		if (a->k != V_STR)
			return bytes_of(-1);
		unsigned taint = 0;
		int u = 0;
		vd_buf fb = VD_BUF_INIT;
		format_text(&fb, a->s, args + ce->format_arg + 1, n - ce->format_arg - 1, &taint,
			    &u);
		io_bytes b = { (double)fb.len, u ? BYTES_ESTIMATED : BYTES_KNOWN };
		vd_buf_release(&fb);
		return b;
	}
	if (ce->iov_arg >= 0)
		return bytes_of(iov_bytes(c, arg_at(args, n, ce->iov_arg),
					  arg_at(args, n, ce->iovcnt_arg)));
	return bytes_of(-1);
}

/* A formatted write whose unknown parts depend on a counted loop's counter
 * (`fprintf(f, "%d %.3e\n", s, e)` in the loop over s, walked once for all
 * its iterations): the mean of its length over the iterations, each
 * formatted with its own counter value (a regular sample of 1000 past
 * that).  Parts that stay unknown keep their estimate. */
static void counter_format_at(ctx *c, ir_expr *e, int fa, val *args, int n, io_bytes *b)
{
	if (fa < 0 || fa >= n || args[fa].k != V_STR || n - fa - 1 > 16)
		return;
	/* the counters it reads: of the innermost loop and of one around it */
	loopctx *lc[2] = { NULL, NULL };
	int nl = 0;
	for (size_t i = c->loops.n; i-- > 0 && nl < 2;)
		for (int k = fa + 1; k < n && c->loops.v[i].fr == c->fr; k++)
			if (expr_uses(e->kids[k], c->loops.v[i].v)) {
				lc[nl++] = &c->loops.v[i];
				break;
			}
	if (!nl)
		return;
	for (int k = 0; k < nl; k++)
		if (lc[k]->trip < 1 || lc[k]->trip != floor(lc[k]->trip) || !storage(c, lc[k]->v))
			return;
	for (int k = fa + 1; k < n; k++)
		if (!expr_pure(e->kids[k]))
			return;
	val *st[2] = { storage(c, lc[0]->v), nl > 1 ? storage(c, lc[1]->v) : NULL };
	val saved[2] = { *st[0], nl > 1 ? *st[1] : unk(0) }, vals[16];
	double inner = lc[0]->trip, tn = inner * (nl > 1 ? lc[1]->trip : 1), sum = 0;
	double ops0 = c->ops;
	long steps0 = c->steps, tries = tn > 1000 ? 1000 : (long)tn;
	int anyu = 0;
	for (long k = 0; k < tries; k++) {
		double idx = tries == (long)tn ? (double)k : floor((double)k * tn / (double)tries);
		double ix[2] = { fmod(idx, inner), floor(idx / inner) };
		for (int q = 0; q < nl; q++) {
			const loopctx *l = lc[q];
			double x = l->mul ? l->start * pow(l->step, ix[q])
					  : l->start + ix[q] * l->step;
			*st[q] = flt_to_int(x, 0);
		}
		for (int i = fa + 1; i < n; i++)
			vals[i - fa - 1] = eval(c, e->kids[i]);
		unsigned taint = 0;
		int u = 0;
		vd_buf fb = VD_BUF_INIT;
		format_text(&fb, args[fa].s, vals, n - fa - 1, &taint, &u);
		sum += (double)fb.len;
		anyu |= u;
		vd_buf_release(&fb);
	}
	for (int q = 0; q < nl; q++)
		*st[q] = saved[q];
	c->ops = ops0;
	c->steps = steps0;
	b->v = sum / (double)tries;
	b->how = anyu ? BYTES_ESTIMATED : BYTES_KNOWN;
}

/* A read of unknown length into an array of known size (array_buf) reads
 * what fits: the array's bytes when it reads to the array's start, half
 * of them (the expected room left at an offset spread evenly over it)
 * when it reads to an unknown place in it - gzip's fill_window reading
 * `window_size - lookahead - strstart` bytes to `window + strstart +
 * lookahead`. 1 with *bytes set and noted; 0 when no argument is such a
 * buffer. */
static int buf_read_bytes(ctx *c, ir_expr *e, const vd_catalog_entry *ce, const val *args, int n,
			  io_ev *x, double *bytes)
{
	if (ce->op != VD_OP_READ)
		return 0;
	for (int i = 0; i < n; i++) {
		if (!(args[i].t & T_BUF) || args[i].f <= 0)
			continue;
		int mid = !!(args[i].t & T_BUFOFF);
		*bytes = mid ? floor(args[i].f / 2) : args[i].f;
		io_note(c, x, ce, e,
			"byte count unknown, assumed %.0f: %s array of %.0f bytes it reads into",
			*bytes, mid ? "half the room of the" : "the room of the", args[i].f);
		return 1;
	}
	return 0;
}

/* The size of the file a handle is open on: what the walk wrote to it
 * when it made it, else its size now when it exists; -1 unknown */
static double handle_size(ctx *c, const handle *h)
{
	struct stat st;
	if (h->file >= 0 && c->p->files.v[h->file].made >= 0)
		return c->p->files.v[h->file].made;
	if (h->path && stat(h->path, &st) == 0 && S_ISREG(st.st_mode))
		return (double)st.st_size;
	return -1;
}

/* `lseek(fd, 0, SEEK_END)`, and `ftell(f)` after `fseek(f, 0, SEEK_END)`:
 * the file's size (handle_size), so a buffer sized by it and the fread of
 * the whole file that follows (`fseek; n = ftell(f); rewind(f); fread(buf,
 * 1, n, f)`) have their sizes. */
static void end_offset(ctx *c, const vd_catalog_entry *ce, const handle *h, val *ret)
{
	if (!h || !h->at_end || c->p->opts.paths_all ||
	    (strcmp(ce->name, "ftell") && strcmp(ce->name, "ftello") &&
	     strcmp(ce->name, "ftello64") && strcmp(ce->name, "lseek") &&
	     strcmp(ce->name, "lseek64")))
		return;
	double size = handle_size(c, h);
	if (size >= 0)
		*ret = flt_to_int(size, 0);
}

/* A binary read whose byte count is unknown (`fread(&rec, hdr.recsize, 1,
 * f)`, `read(fd, buf, n)` with n computed at run time) into one variable
 * of known size - `&rec`, an array `buf` - moves that size: a read does not
 * fill more than its destination, and readers size it to what they read.
 * -1 when the destination is not such a variable. */
static double read_dest_size(const vd_catalog_entry *ce, const ir_expr *call)
{
	if (!call || ce->op != VD_OP_READ || !(ce->flags & VD_CAT_BINARY) || ce->iov_arg >= 0 ||
	    ce->type_arg >= 0 || ce->counts_arg >= 0 || vd_catalog_array_sized(ce))
		return -1;
	double size = -1;
	int found = 0;
	for (int i = 0; i < call->nkids; i++) {
		if (i == ce->handle_arg || i == ce->bytes_arg || i == ce->count_arg ||
		    i == ce->size_arg || i == ce->offset_arg)
			continue;
		const ir_expr *a = strip_casts(call->kids[i]);
		const ir_var *v = NULL;
		if (a && a->kind == E_UN && a->op == OP_ADDR && a->nkids == 1) {
			const ir_expr *k = strip_casts(a->kids[0]);
			v = k && k->kind == E_VAR ? k->var : NULL;
		} else if (a && a->kind == E_VAR && a->var && a->var->array_len > 0) {
			v = a->var;
		}
		if (!v || v->size <= 0 || (v->is_pointer && v->array_len <= 0))
			return -1;
		size = (double)v->size;
		found++;
	}
	return found == 1 ? size : -1;
}

/* A netCDF array read or write whose counts the walk does not know
 * (`nc_get_vara(ncid, varid, cor, edg, vals)` with edg filled in a loop
 * walked once) moves at most its buffer, the last argument: a heap
 * allocation of known size (`vals = malloc(ncols * size)`, one row) at its
 * start.  -1 otherwise. */
static double nc_buffer_bytes(const vd_catalog_entry *ce, const val *args, int n)
{
	if (ce->counts_arg < 0 || n < 1 || strcmp(ce->api, "netcdf"))
		return -1;
	const val *bv = &args[n - 1];
	return bv->k == V_MEM && bv->i == 0 && bv->f > 0 ? bv->f : -1;
}

/* A read or write: its bytes (with what they rest on), whether it is
 * random, and what a write adds to its file. */
static void data_call(ctx *c, ir_expr *e, const vd_catalog_entry *ce, val *args, int n, handle *h,
		      io_ev *x)
{
	const unsigned sized =
		P_BIT(3) | P_BIT(13) | P_BIT(8); /* bytes, small accesses, file size */
	io_bytes b = call_bytes(c, ce, args, n, h);
	if (b.how == BYTES_ESTIMATED && ce->format_arg >= 0 && !c->p->opts.paths_all) {
		counter_format_at(c, e, ce->format_arg, args, n, &b);
		evcount_format(c, e, ce, args, n, &b.v);
	}
	if (b.how == BYTES_KNOWN && ce->extra_bytes && ce->fixed_bytes < 0) {
		b.v += (double)ce->extra_bytes;
		if (b.v < 0) /* fgets(buf, 0, f): its extra-bytes="-1" on 0 */
			b = bytes_of(-1);
	}
	if (e == c->eof_call && c->mult > 0 && c->eof_reach > 0) {
		/* a read-to-the-end loop: the file's bytes over its calls */
		int dest = b.how == BYTES_UNKNOWN && read_dest_size(ce, e) > 0; /* sized by it */
		b = bytes_of(c->eof_final ? 0 : c->eof_bytes * c->eof_reach / c->mult);
		if (dest) {
			x->ev.unknown |= sized;
			x->sized = 1;
			io_note(c, x, ce, e,
				"byte count unknown: the loop's calls sized by their destination");
		}
	}
	switch (b.how) {
	case BYTES_KNOWN:
		for (int i = 0; i < n; i++)
			if (args[i].t & T_ASSUMED) { /* sized from an assumed loop bound */
				x->ev.unknown |= sized;
				x->sized = 1;
				io_note(c, x, ce, e, "byte count from an assumed value");
				break;
			}
		break;
	case BYTES_ESTIMATED: {
		const val *str = arg_at(args, n, ce->string_arg);
		x->ev.unknown |= sized;
		x->sized = 1;
		if (str && (str->t & T_SLEN)) /* snprintf's estimate, a mean of lines */
			io_note(c, x, ce, e, "string unknown, of expected length %.1f", b.v);
		else if (str)
			io_note(c, x, ce, e, "string length unknown, estimated %.0f", b.v);
		else
			io_note(c, x, ce, e, "formatted length estimated");
		break;
	}
	case BYTES_UNKNOWN:
		b.v = read_dest_size(ce, e);
		x->ev.unknown |= sized;
		x->sized = 1;
		if (b.v > 0) {
			io_note(c, x, ce, e, "byte count unknown, the destination's %.0f", b.v);
			break;
		}
		if ((b.v = nc_buffer_bytes(ce, args, n)) > 0) {
			io_note(c, x, ce, e, "counts unknown, the %.0f bytes of its buffer", b.v);
			break;
		}
		b.v = c->p->opts.assume_bytes;
		if (!buf_read_bytes(c, e, ce, args, n, x, &b.v))
			io_note(c, x, ce, e, "byte count unknown, assumed %.0f",
				c->p->opts.assume_bytes);
		break;
	}
	x->ev.bytes = b.v < 0 ? 0 : b.v;
	x->ev.is_data = 1;
	/* random access: an explicit offset from rand/hash/indirection, or a
	 * handle whose last seek was */
	val *off = arg_at(args, n, ce->offset_arg);
	if (off)
		x->ev.random = !!(off->t & (T_RAND | T_INDIRECT));
	else if (h)
		x->ev.random = h->rand_pos;
	if (ce->op == VD_OP_WRITE && h) {
		x->ev.sync_handle = h->sync;
		/* a write through a handle opened for reading only fails
		 * (EBADF): the file keeps what it holds, an input stays one */
		if (h->file >= 0 && !h->rdonly) {
			vd_file_info *f = &c->p->files.v[h->file];
			if (wtext_live(c, f)) {
				vd_buf t = VD_BUF_INIT;
				int known = !x->sized && write_text(ce, args, n, &t) &&
					    (double)t.len == x->ev.bytes;
				wtext_add(c, f, known ? vd_buf_cstr(&t) : NULL, t.len);
				vd_buf_release(&t);
			}
			f->written += x->ev.bytes * c->mult;
			if (f->made >= 0)
				f->made = x->sized || ce->offset_arg >= 0
						  ? -1
						  : f->made + x->ev.bytes * c->mult;
			if (c->recording) {
				wdelta wd = { h->file, x->ev.bytes * c->mult, f->made >= 0 };
				vd_vec_push(c->wlog, wd);
			}
		}
	}
	if (ce->op == VD_OP_READ && h && b.how == BYTES_KNOWN)
		h->rbytes += x->ev.bytes * c->mult;
}

/* fread of records (an item size above 1): it returns whole items, the
 * count asked for on every call but the one at the end, not the average
 * share of the file's bytes a read(2)'s result is in a read-to-the-end
 * loop (`if (fread(&rec, sizeof rec, 1, f) != 1) break;` holds only
 * there) */
static int record_read(const vd_catalog_entry *ce, val *args, int n)
{
	val *sz = arg_at(args, n, ce->size_arg);
	return ce->count_arg >= 0 && sz && known_num(sz) && num(sz) > 1;
}

/* A read into a variable (`fread(&hdr, sizeof hdr, 1, f)`, `read(fd,
 * &n, sizeof n)`) fills it with the file's data: unknown, and a value a
 * call returned (T_CALLRES), so a validity check of it that ends in an
 * error exit (`if (hdr.magic != MAGIC) { ...; return 1; }`) is an error
 * path, as a check of the call's own result is.  Its members too. */
static void read_fills(ctx *c, val *args, int n)
{
	for (int i = 0; i < n; i++) {
		if (args[i].k != V_REF || !args[i].ref || args[i].ref->k == V_MEM ||
		    args[i].ref->k == V_ARR)
			continue;
		val *owner = args[i].ref;
		store_val(c, owner, unk(T_CALLRES));
		for (frame *f = c->fr; f; f = f->up)
			for (size_t k = 0; k < f->fields.n; k++)
				if (f->fields.v[k].owner == owner)
					f->fields.v[k].v = unk(T_CALLRES);
		if (c->root_used)
			c->root_used[c->p->globals.n] = 1;
		for (size_t k = 0; k < c->fields.n; k++)
			if (c->fields.v[k].owner == owner)
				c->fields.v[k].v = unk(T_CALLRES);
	}
}

/* A file mapping's call (mmap, munmap, msync: the catalog's "mapping"
 * flag): its bytes are the mapping's length, as the trace records them
 * (P3, not a data call: the loads and stores through the mapping are not
 * calls).  An unknown length takes --assume-bytes, flagged. */
static void mapping_bytes(ctx *c, ir_expr *e, const vd_catalog_entry *ce, val *args, int n,
			  io_ev *x)
{
	val *a = arg_at(args, n, ce->bytes_arg);
	if (!a)
		return;
	if (known_num(a) && num(a) >= 0) {
		x->ev.bytes = num(a);
		if (a->t & T_ASSUMED) {
			x->ev.unknown |= P_BIT(3);
			io_note(c, x, ce, e, "mapping length from an assumed value");
		}
		return;
	}
	x->ev.bytes = c->p->opts.assume_bytes;
	x->ev.unknown |= P_BIT(3);
	io_note(c, x, ce, e, "mapping length unknown, assumed %.0f", c->p->opts.assume_bytes);
}

/* ---- inputs read at analysis time ------------------------------------------------------------
 * A stream opened for reading on a small regular file that exists now
 * (a configuration, a script, a table of numbers named by --args) is
 * followed through its reads: fgets, getline, fscanf and getc return
 * what they would return on its text (fread stores its bytes into the
 * buffer, as a string: a BOM or magic number tested next), so the loops
 * and branches that
 * depend on it are decided as in the run.  The text at analysis time
 * stands for the text at run time (as a read-to-the-end loop's size does).
 * A read is followed only when it runs once per opening of the stream
 * (same multiplier, not under an unknown condition); after any other read
 * or a seek the stream is no longer followed. */

typedef struct content_file {
	const char *text;
	long len;
} content_file;

/* An open for reading of a file that is not there: its path is known and
 * names a file in an existing directory (not the current one: an analysis
 * run elsewhere would see every input missing), the file does not exist
 * now, and the walk has not met that path before (nor written it).  As
 * with an input's size, the analysis-time files stand for the run's:
 * `snprintf(path, .., "%s/%04d.dat", dir, i); if (!(f = fopen(path, "rb")))
 * continue;` skips the numbers that have no file. */
static int absent_input(ctx *c, const vd_catalog_entry *ce, val *args, int n, const handle *H,
			size_t nfiles0)
{
	if (c->p->opts.paths_all || !H->path || H->file < (int)nfiles0 ||
	    (strcmp(ce->api, "stdio") && strcmp(ce->api, "posix")))
		return 0;
	val *md = arg_at(args, n, ce->mode_arg), *fl = arg_at(args, n, ce->flags_arg);
	if (md ? md->k != V_STR || md->s[0] != 'r' || strchr(md->s, '+')
	       : !fl || fl->k != V_INT || (fl->i & 3) != 0 ||
			    (fl->i & cat_const(c, "O_CREAT", 0100)))
		return 0;
	const char *slash = strrchr(H->path, '/');
	if (!slash || slash == H->path || !strcmp(H->path + strlen(H->path) - 1, "/"))
		return 0;
	char dir[4096];
	size_t dl = (size_t)(slash - H->path);
	if (dl >= sizeof dir || (dl == 1 && H->path[0] == '.'))
		return 0;
	memcpy(dir, H->path, dl);
	dir[dl] = '\0';
	struct stat st;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return 0;
	return stat(H->path, &st) != 0 && errno == ENOENT;
}

static void content_open(ctx *c, const vd_catalog_entry *ce, val *args, int n, handle *H)
{
	val *md = arg_at(args, n, ce->mode_arg), *fl = arg_at(args, n, ce->flags_arg);
	/* fopen(path, "r"), or open(path, O_RDONLY) (a binary header read
	 * into an integer, see content_call) */
	int posix_ro = !strcmp(ce->api, "posix") && !strcmp(ce->name, "open") && fl &&
		       fl->k == V_INT && (fl->i & O_ACCMODE) == O_RDONLY;
	if (c->p->opts.paths_all || !H->path)
		return;
	if (!posix_ro && (strcmp(ce->api, "stdio") || !md || md->k != V_STR || md->s[0] != 'r' ||
			  strchr(md->s, '+')))
		return;
	/* written earlier in this run: its text now is not what the run reads,
	 * but the text the run gave it, when the walk knows it all */
	if (H->file >= 0 && c->p->files.v[H->file].written > 0) {
		wtext *w = c->wtexts ? vd_map_get(c->wtexts, H->path) : NULL;
		if (!w || !w->ok || (double)w->len != c->p->files.v[H->file].made)
			return;
		H->ctext = w->s ? w->s : "";
		H->clen = (long)w->len;
		H->cpos = 0;
		H->ceof = 0;
		H->cmult = c->mult;
		H->ccond = c->cond;
		return;
	}
	if (!c->contents)
		c->contents = vd_map_new();
	content_file *cf = vd_map_get(c->contents, H->path);
	if (!cf) {
		struct stat st;
		FILE *f;
		if (stat(H->path, &st) != 0 || !S_ISREG(st.st_mode) ||
		    st.st_size > CONTENT_MAX_BYTES || !(f = fopen(H->path, "rb")))
			return;
		char *text = vd_arena_alloc(c->a, (size_t)st.st_size + 1);
		size_t got = fread(text, 1, (size_t)st.st_size, f);
		fclose(f);
		text[got] = '\0';
		cf = vd_arena_alloc(c->a, sizeof *cf);
		cf->text = text;
		cf->len = (long)got;
		vd_map_put(c->contents, H->path, cf);
	}
	H->ctext = cf->text;
	H->clen = cf->len;
	H->cpos = 0;
	H->ceof = 0;
	H->cmult = c->mult;
	H->ccond = c->cond;
}

/* the stream is followed, and this point of the walk is one concrete
 * execution of its reads; else it stops being followed */
static int is_readdir(const char *name)
{
	return !strcmp(name, "readdir") || !strcmp(name, "readdir64");
}

/* opendir(path) on a directory that exists when vidya runs: a handle whose
 * text is its listing, one entry a line as "<d_type><name>" in the order
 * readdir gives them now (with "." and ".."), followed like an input's
 * text: readdir returns its entries one by one, then NULL.  As with an
 * input's text, the directory at analysis time stands for the run's. */
static val dir_open(ctx *c, const vd_catalog_entry *ce, val *args, int n, handle **hp)
{
	val *path = arg_at(args, n, ce->path_arg);
	if (c->p->opts.paths_all || !path || path->k != V_STR)
		return unk(0);
	DIR *d = opendir(path->s);
	if (!d)
		return unk(0);
	vd_buf lb = VD_BUF_INIT;
	struct dirent *de;
	int ok = 1;
	while (ok && (de = readdir(d)) != NULL) {
		ok = !strchr(de->d_name, '\n') && lb.len < (size_t)CONTENT_MAX_BYTES;
		vd_buf_putc(&lb, (char)(de->d_type + 1)); /* never '\0' */
		vd_buf_puts(&lb, de->d_name);
		vd_buf_putc(&lb, '\n');
	}
	closedir(d);
	int nh = new_handle(c);
	handle *H = &c->handles.v[nh];
	H->path = vd_arena_strdup(c->a, path->s);
	if (ok) {
		H->ctext = vd_arena_strdup(c->a, vd_buf_cstr(&lb));
		H->clen = (long)lb.len;
		H->cpos = 0;
		H->cmult = c->mult;
		H->ccond = c->cond;
	}
	vd_buf_release(&lb);
	*hp = H;
	val hv = { 0 };
	hv.k = V_HANDLE;
	hv.h = nh;
	hv.t = T_OK;
	return hv;
}

/* readdir on a followed listing: the next entry as a struct dirent whose
 * d_type and d_name (glibc's 4th and 5th fields) are known, or NULL */
static val dir_next(ctx *c, handle *h)
{
	if (h->cpos >= h->clen)
		return vint(0);
	const char *at = h->ctext + h->cpos, *nl = strchr(at, '\n');
	size_t len = nl ? (size_t)(nl - at) : strlen(at);
	h->cpos += (long)len + 1;
	val m = unk(T_NZ);
	m.k = V_MEM;
	m.f = sizeof(struct dirent);
	m.a = heap_object(c, 1);
	m.a->v[3] = vint((unsigned char)at[0] - 1);
	m.a->v[4] = own_str(c->a, at + 1, len - 1);
	return m;
}

static int content_live(ctx *c, handle *h)
{
	if (h->cpos < 0)
		return 0;
	if (c->cond == h->ccond && fabs(c->mult - h->cmult) <= 1e-9 * fmax(1, h->cmult))
		return 1;
	h->cpos = -1;
	return 0;
}

static handle *handle_of(ctx *c, const val *v)
{
	return v && v->k == V_HANDLE && v->h >= 0 && v->h < (int)c->handles.n ? &c->handles.v[v->h]
									      : NULL;
}

/* scanf's conversions stored where its pointer arguments point
 * (args[first + k] for item k): numbers through the pointer, text into the
 * array the argument names */
static void scan_store(ctx *c, ir_expr *e, val *args, int n, int first, const char *text,
		       const vd_scan_item *it, int ni)
{
	for (int k = 0; k < ni && first + k < n; k++) {
		val *a = &args[first + k];
		val v = it[k].kind == VD_SCAN_INT ? vint(it[k].i)
			: it[k].kind == VD_SCAN_FLT
				? vflt(it[k].f)
				: vstr(vd_arena_strndup(c->a, text + it[k].off, it[k].len));
		if (it[k].kind == VD_SCAN_STR && first + k < e->nkids) {
			ir_expr *dst = strip_casts(e->kids[first + k]);
			if (dst->kind == E_VAR)
				assign_to(c, dst, v);
			else if (a->k == V_REF)
				store_val(c, a->ref, v);
		} else if (a->k == V_REF) {
			store_val(c, a->ref, v);
		} else if (a->k == V_FOFF) {
			foff_store(c, a, v);
		}
	}
}

static int is_call(const char *name, const char *const *names)
{
	for (; *names; names++)
		if (!strcmp(name, *names))
			return 1;
	return 0;
}

static const char *const fgets_calls[] = { "fgets",
					   "fgets_unlocked",
					   "__fgets_chk",
					   "__fgets_chk_warn",
					   "__fgets_unlocked_chk",
					   "__fgets_unlocked_chk_warn",
					   NULL };
static const char *const getline_calls[] = { "getline", "getdelim", "__getdelim", NULL };

/* getline/getdelim in a loop reading a file to its end (the loop is
 * walked once): the buffer it fills through its `char **` holds a line of
 * unknown text whose expected length is the call's share of the file
 * (T_SLEN), so `fputs(buf, out)`, or a strdup of it kept in an array,
 * writes what the lines hold on average (fgets's buffer already does). */
static void line_read_text(ctx *c, const vd_catalog_entry *ce, val *args, int n, double share)
{
	if (c->p->opts.paths_all || share < 0)
		return;
	val sv = unk(T_SLEN);
	sv.f = share;
	if (is_call(ce->name, getline_calls) && n >= 1 && args[0].k == V_REF)
		store_val(c, args[0].ref, sv);
}
static const char *const fscanf_calls[] = { "fscanf", "__isoc99_fscanf", NULL };
static const char *const fread_calls[] = { "fread", "fread_unlocked", NULL };
static const char *const getc_calls[] = {
	"getc", "fgetc", "getc_unlocked", "fgetc_unlocked", "_IO_getc", "__uflow", NULL
};

/* the reads content_call follows */
static int content_reader(const char *name)
{
	return is_call(name, fgets_calls) || is_call(name, getline_calls) ||
	       is_call(name, fscanf_calls) || is_call(name, getc_calls) ||
	       is_call(name, fread_calls) || is_readdir(name);
}

/* A binary read of one integer variable from a followed input -
 * `read(fd, &count, sizeof count)`, `fread(&n, sizeof n, 1, f)`, a header
 * field giving a record count - stores the file's next bytes in it (in
 * this machine's byte order: the input is read where it was written), so
 * a loop bounded by it runs that many times.  *moved gets the bytes. */
static int int_read(ctx *c, ir_expr *e, const vd_catalog_entry *ce, val *args, int n,
		    const char *at, long left, long *moved)
{
	int is_read = !strcmp(ce->name, "read");
	if (!is_read && !is_call(ce->name, fread_calls))
		return 0;
	int k = is_read ? 1 : 0;
	ir_expr *d = e->nkids > k ? strip_casts(e->kids[k]) : NULL;
	if (!d || d->kind != E_UN || d->op != OP_ADDR || d->nkids != 1)
		return 0;
	ir_expr *v = strip_casts(d->kids[0]);
	if (!v || v->kind != E_VAR || !v->var || v->var->is_pointer || v->var->is_float ||
	    v->var->is_struct || v->var->array_len > 0)
		return 0;
	long size = v->var->size;
	val *bv = arg_at(args, n, is_read ? ce->bytes_arg : ce->size_arg);
	val *cnt = is_read ? NULL : arg_at(args, n, ce->count_arg);
	if (!bv || bv->k != V_INT || bv->i != size ||
	    (!is_read && (!cnt || cnt->k != V_INT || cnt->i != 1)) ||
	    (size != 1 && size != 2 && size != 4 && size != 8) || left < size)
		return 0;
	long long x;
	if (size == 8) {
		int64_t q;
		memcpy(&q, at, 8);
		x = q;
	} else if (size == 4) {
		uint32_t q;
		memcpy(&q, at, 4);
		x = q;
	} else if (size == 2) {
		uint16_t q;
		memcpy(&q, at, 2);
		x = q;
	} else {
		x = (unsigned char)at[0];
	}
	assign_to(c, v, vint(x));
	*moved = size;
	return 1;
}

/* A seek on a followed stream: `ungetc` steps back over the character read
 * last, a rewind or a seek to a known place - from the start, from here,
 * or from the end (`lseek(fd, 0, SEEK_END)` to take the size) - moves it;
 * any other seek stops following it. */
static void content_seek(ctx *c, const vd_catalog_entry *ce, val *args, int n, handle *h)
{
	val *off = arg_at(args, n, ce->offset_arg), *wh = arg_at(args, n, ce->whence_arg);
	if (!strcmp(ce->name, "ungetc")) {
		if (h->cpos > 0) /* the character read last is read again */
			h->cpos--;
		else
			h->cpos = -1;
	} else if (!off && !wh) {
		h->cpos = 0; /* rewind */
	} else if (off && off->k == V_INT && wh && wh->k == V_INT &&
		   (wh->i == SEEK_SET || wh->i == SEEK_CUR || wh->i == SEEK_END)) {
		long long to = off->i + (wh->i == SEEK_CUR   ? h->cpos
					 : wh->i == SEEK_END ? h->clen
							     : 0);
		h->cpos = to >= 0 && to <= h->clen ? (long)to : -1;
	} else {
		h->cpos = -1;
	}
	h->ceof = 0;
	c->hfx++;
}

/* A call on a followed stream.  A read it follows gets its result in *ret
 * and its bytes in x (returns 1); a rewind or a seek to a known place
 * moves the stream; anything else that reads or moves it stops following
 * it (returns 0). */
static int content_call(ctx *c, ir_expr *e, const vd_catalog_entry *ce, val *args, int n, handle *h,
			io_ev *x, val *ret)
{
	if (!content_live(c, h))
		return 0;
	if (ce->op == VD_OP_SEEK) {
		content_seek(c, ce, args, n, h);
		return 0;
	}
	if (is_readdir(ce->name)) {
		*ret = dir_next(c, h);
		return 1;
	}
	if (ce->op != VD_OP_READ)
		return 0;
	const char *at = h->ctext + h->cpos;
	long left = h->clen - h->cpos, moved = 0;
	const char *nm = ce->name;
	if (is_call(nm, fgets_calls) || is_call(nm, getline_calls)) {
		int delim = '\n';
		long cap = left;
		val *bv = arg_at(args, n, ce->bytes_arg);
		if (is_call(nm, fgets_calls)) {
			if (!bv || !known_num(bv) || num(bv) < 2)
				return h->cpos = -1, 0;
			cap = (long)num(bv) - 1;
		} else if (strstr(nm, "getdelim")) {
			if (n < 3 || args[2].k != V_INT)
				return h->cpos = -1, 0;
			delim = (int)(unsigned char)args[2].i;
		}
		while (moved < left && moved < cap)
			if ((unsigned char)at[moved++] == delim)
				break;
		val line = own_str(c->a, at, (size_t)moved);
		if (is_call(nm, fgets_calls)) {
			*ret = moved ? line : vint(0);
			if (moved)
				assign_to(c, e->kids[0], line);
		} else {
			*ret = vint(moved ? moved : -1);
			if (moved && n >= 1 && args[0].k == V_REF)
				store_val(c, args[0].ref, line);
		}
		/* the end flag is set by a read that runs into the end */
		h->ceof = moved == left && (moved == 0 || (unsigned char)at[moved - 1] != delim);
	} else if (is_call(nm, fscanf_calls)) {
		val *fmt = arg_at(args, n, ce->format_arg);
		vd_scan_item it[16];
		int ni = 0;
		size_t used = 0;
		int rc = fmt && fmt->k == V_STR
				 ? vd_scan(at, (size_t)left, fmt->s, it, 16, &ni, &used)
				 : -2;
		if (rc == -2)
			return h->cpos = -1, 0;
		scan_store(c, e, args, n, ce->format_arg + 1, at, it, ni);
		moved = (long)used;
		*ret = vint(rc);
		h->ceof = moved == left;
	} else if (is_call(nm, getc_calls)) {
		*ret = vint(left > 0 ? (unsigned char)at[0] : -1);
		moved = left > 0;
		h->ceof = left <= 0;
	} else if (int_read(c, e, ce, args, n, at, left, &moved)) {
		*ret = vint(!strcmp(nm, "read") ? moved : 1);
		h->ceof = 0;
	} else if (is_call(nm, fread_calls)) {
		/* fread(buf, 1, n, f): the file's next bytes, into the char
		 * array as its text (a BOM or magic number the program then
		 * tests; in a loop reading part by part the array holds the
		 * text of the read before); a struct's fields (fread(&hdr,
		 * ...)) stay data a call returned, and the stream is no longer
		 * followed */
		val *sz = arg_at(args, n, ce->size_arg), *cnt = arg_at(args, n, ce->count_arg);
		ir_expr *dst = e->nkids >= 1 ? strip_casts(e->kids[0]) : NULL;
		if (!sz || !cnt || sz->k != V_INT || cnt->k != V_INT || sz->i != 1 || cnt->i < 0 ||
		    !dst || (dst->kind != E_VAR && dst->kind != E_MEMBER) || n < 1 ||
		    (args[0].k != V_ARR &&
		     (args[0].k != V_STR || (dst->kind == E_VAR && dst->var->array_len <= 0))))
			return h->cpos = -1, 0;
		long want = cnt->i > LONG_MAX ? LONG_MAX : (long)cnt->i;
		moved = want < left ? want : left;
		if (moved > 0)
			assign_to(c, e->kids[0], own_str(c->a, at, (size_t)moved));
		*ret = vint(moved);
		h->ceof = want > left;
	} else {
		h->cpos = -1;
		return 0;
	}
	h->cpos += moved;
	c->hfx++; /* handle state a call summary cannot replay */
	x->ev.bytes = (double)moved;
	x->ev.is_data = 1;
	return 1;
}

/* stat/fstat and friends on a file that exists now (and that the run has
 * not written so far): success, and the size and mode the walk reads from
 * the struct stat (`malloc(st.st_size)`, `while (got < st.st_size)`) are
 * its size and mode now, which stand for the run's as an input's size does.
 * fstat on an open descriptor of another file succeeds with the fields
 * unknown.  Returns 0 when the call is not one of these. */
static int stat_call(ctx *c, ir_expr *e, const vd_catalog_entry *ce, val *args, int n,
		     const handle *h, val *ret)
{
	static const char *const stats[] = { "stat",       "stat64",       "lstat",    "lstat64",
					     "fstat",      "fstat64",      "fstatat",  "fstatat64",
					     "__xstat",    "__xstat64",    "__fxstat", "__fxstat64",
					     "__fxstatat", "__fxstatat64", NULL };
	if (ce->op != VD_OP_META || !is_call(ce->name, stats))
		return 0;
	int at = ce->path_arg >= 0 ? ce->path_arg : ce->handle_arg;
	if (at + 1 >= 0 && at + 1 < e->nkids)
		stat_fills_member(c, e->kids[at + 1]);
	val *buf = arg_at(args, n, at + 1), *pv = arg_at(args, n, ce->path_arg);
	const char *path = pv && pv->k == V_STR ? pv->s : h && ce->path_arg < 0 ? h->path : NULL;
	int fi = h ? h->file : path ? (int)(intptr_t)vd_map_get(c->p->file_index, path) - 1 : -1;
	struct stat st;
	if (path && (fi < 0 || c->p->files.v[fi].written <= 0) && stat(path, &st) == 0) {
		if (buf && buf->k == V_REF) {
			field_val *f = field_slot(c, buf->ref, "st_size", 1);
			if (f)
				f->v = vint((long long)st.st_size);
			if ((f = field_slot(c, buf->ref, "st_mode", 1)))
				f->v = vint((long long)st.st_mode);
		}
		*ret = vint(0);
		return 1;
	}
	if (h && ce->path_arg < 0) { /* fstat of an open descriptor */
		if (buf && buf->k == V_REF)
			store_val(c, buf->ref, unk(0));
		*ret = vint(0);
		ret->t |= T_OK;
		return 1;
	}
	return 0;
}

/* A call of the I/O catalog: builds its event for the visitor (one per
 * execution of the call under the current multiplier) and returns what the
 * call returns. */
/* What an open returns, once its event is counted: the inputs that exist
 * at analysis time are read from here on (text, NetCDF, HDF5); an input
 * libnetcdf cannot read, a variable it lacks or a file absent now fail as
 * they will in the run; anything else succeeds (T_OK). */
static void read_budget_open(ctx *c, const vd_catalog_entry *ce, val *args, int n, handle *h);

/* an open for reading only: fopen's mode "r"/"rb" (no '+'), the flags of
 * open/openat with O_RDONLY as their access mode (not mkostemp's, whose
 * flags add to a read-write open) */
static int read_only_open(const vd_catalog_entry *ce, val *args, int n)
{
	val *md = arg_at(args, n, ce->mode_arg), *fl = arg_at(args, n, ce->flags_arg);
	if (!strcmp(ce->api, "stdio") && md)
		return md->k == V_STR && md->s[0] == 'r' && !strchr(md->s, '+');
	const char *nm = ce->name + strspn(ce->name, "_");
	return !strcmp(ce->api, "posix") && !strncmp(nm, "open", 4) && fl && fl->k == V_INT &&
	       (fl->i & 3) == 0;
}

static val open_result(ctx *c, ir_expr *e, const vd_catalog_entry *ce, val *args, int n, handle *h,
		       io_ev *x, size_t nfiles0, val ret)
{
	h->rdonly = read_only_open(ce, args, n);
	content_open(c, ce, args, n, h);
	h5_input_open(c, ce, h);
	if (nc_input_open(c, ce, args, n, h, &ret)) {
		io_note(c, x, ce, e, "%s at analysis time: the call fails",
			ret.i == -49 ? "no such variable in the input"
				     : "the input is not a file libnetcdf reads");
	} else if (absent_input(c, ce, args, n, h, nfiles0)) {
		/* a fact of the inputs, not an assumed failure */
		ret = !strcmp(ce->api, "stdio") ? vint(0) : vint(-1);
		io_note(c, x, ce, e, "%s does not exist at analysis time: the open fails", h->path);
	} else {
		ret.t |= T_OK;
		read_budget_open(c, ce, args, n, h);
	}
	return ret;
}

/* ---- reads within a file's size ---------------------------------------------------------------
 * Sequential reads cannot take more from a file than it holds.  A regular
 * file that exists now, opened for reading only and not written earlier
 * in the walk, has a read budget: its size at analysis time (standing for
 * its size in the run, as for a read-to-the-end loop) times the open's
 * multiplier.  Each read without an offset of its own takes its expected
 * bytes from it; a read that would go past the end counts only the calls
 * that find data (what is left / its bytes per call) plus the one per
 * opening that finds the end.  So a read in loops of unknown trip count
 * (gzip's fill_window under deflate's `while (lookahead != 0)`) counts at
 * most the file's size, not 100 x 100 reads.  A seek ends the budget. */
static void read_budget_open(ctx *c, const vd_catalog_entry *ce, val *args, int n, handle *h)
{
	if (c->p->opts.paths_all || !h->path || h->file < 0 || c->p->files.v[h->file].written > 0 ||
	    (strcmp(ce->api, "stdio") && strcmp(ce->api, "posix")))
		return;
	val *md = arg_at(args, n, ce->mode_arg), *fl = arg_at(args, n, ce->flags_arg);
	if (md ? md->k != V_STR || md->s[0] != 'r' || strchr(md->s, '+')
	       : !fl || fl->k != V_INT || (fl->i & 3) != 0)
		return;
	struct stat st;
	if (stat(h->path, &st) != 0 || !S_ISREG(st.st_mode))
		return;
	h->rsize = (double)st.st_size;
	h->rmult = c->mult;
	h->rdone = h->reofs = 0;
}

/* (line and formatted readers - fgets, getline, fscanf - are left out:
 * their bytes per call are a bound, the buffer's size, not what they read) */
static void read_budget(ctx *c, ir_expr *e, const vd_catalog_entry *ce, handle *h, io_ev *x,
			double *got)
{
	*got = -1;
	if (h && ce->op == VD_OP_READ)
		h->rpeek = 0;
	if (!h || h->rsize < 0 || ce->op != VD_OP_READ || ce->offset_arg >= 0 || x->ev.count <= 0 ||
	    x->ev.bytes <= 0 || ce->format_arg >= 0 || strstr(ce->name, "gets") ||
	    strstr(ce->name, "getline") || strstr(ce->name, "getdelim"))
		return;
	c->hfx++; /* handle state a call summary cannot replay */
	double room = h->rsize * h->rmult - h->rdone, want = x->ev.bytes * x->ev.count;
	if (want <= room * (1 + 1e-9)) {
		h->rdone += want;
		h->rpeek = x->ev.bytes == 1 ? want : 0;
		return;
	}
	if (room < 0)
		room = 0;
	h->rpeek = x->ev.bytes == 1 ? room : 0;
	/* one call on a file opened once: it gets what is left, 0 at the end
	 * (`while (n > 0) { ...; n = fread(buf, 1, bs, in); }` after a first
	 * read took the whole file leaves after one iteration) */
	if (x->ev.count == 1 && h->rmult == 1)
		*got = room;
	double eofs = h->rmult > h->reofs ? h->rmult - h->reofs : 0;
	double calls = room / x->ev.bytes + eofs;
	if (calls > x->ev.count)
		calls = x->ev.count;
	io_note(c, x, ce, e,
		"%.3g calls x %.0f bytes read more than %s holds at analysis time "
		"(%.0f bytes): counted to its end",
		x->ev.count, x->ev.bytes, h->path, h->rsize);
	x->ev.bytes = calls > 0 ? room / calls : 0;
	x->ev.count = calls;
	h->rdone += room;
	h->reofs += eofs;
}

/* What a read that found the end of its file returns: the items (fread)
 * or bytes (read) it got, 0 at the end */
static val short_read(const vd_catalog_entry *ce, val *args, int n, double got)
{
	val *sz = ce->size_arg >= 0 ? arg_at(args, n, ce->size_arg) : NULL;
	if (ce->size_arg >= 0 && (!sz || sz->k != V_INT || sz->i <= 0))
		return unk(T_NN | T_OK);
	val r = vint((long long)(got / (double)(sz ? sz->i : 1)));
	r.t |= T_OK;
	return r;
}

/* What a call leaves of its handle's position: after a seek, reads may
 * take the same bytes again and writes land anywhere, the position is
 * random or not, and at the end of the file or not; a data call leaves
 * the end. */
static void handle_position(ctx *c, const vd_catalog_entry *ce, val *args, int n, handle *h,
			    int data)
{
	if (ce->op != VD_OP_SEEK) {
		if (data)
			h->at_end = 0;
		return;
	}
	if (!strcmp(ce->name, "ungetc")) {
		/* the byte read last is read again (`c = getc(f); if (c ==
		 * EOF) ...; ungetc(c, f);` peeks at the end): the read budget
		 * gets back what that read took - the peeks that found a byte
		 * push it back, the ones that found the end took none - and the
		 * position stays sequential */
		double back = h->rpeek > 0 ? h->rpeek : c->mult;
		h->rdone = h->rdone > back ? h->rdone - back : 0;
		h->rpeek = 0;
		return;
	}
	h->rsize = -1;
	if (h->file >= 0)
		c->p->files.v[h->file].made = -1;
	val *off = arg_at(args, n, ce->offset_arg);
	int rp = off ? !!(off->t & (T_RAND | T_INDIRECT)) : 0;
	if (rp != h->rand_pos)
		c->hfx++;
	h->rand_pos = rp;
	val *wh = arg_at(args, n, ce->whence_arg);
	h->at_end =
		off && off->k == V_INT && off->i == 0 && wh && wh->k == V_INT && wh->i == SEEK_END;
}

/* The event of a catalog call, before its handle and bytes are known:
 * what the catalog says of it, where the walk is, the notes in force */
static void io_event_init(ctx *c, ir_expr *e, const vd_catalog_entry *ce, val *args, int n,
			  io_ev *x)
{
	x->ev.block = e->block;
	x->ev.api = ce->api;
	x->ev.call = ce->name;
	x->ev.op = ce->op;
	x->ev.count = c->mult;
	x->ev.async = !!(ce->flags & VD_CAT_ASYNC);
	x->ev.collective = !!(ce->flags & VD_CAT_COLLECTIVE);
	x->ev.binary = !!(ce->flags & VD_CAT_BINARY);
	x->ev.text = !!(ce->flags & VD_CAT_TEXT);
	if (ce->op == VD_OP_WRITE && ce->format_arg >= 0) {
		val *fmt = arg_at(args, n, ce->format_arg);
		if (fmt && fmt->k == V_STR && fmt->s)
			x->ev.format_cost = format_cost(fmt->s);
	}
	x->ev.conditional = c->cond > 0;
	x->ev.file = -1;
	x->ev.unknown = c->unk;
	for (int i = 0; i < c->nnotes && x->nn < MAX_NOTES - 1; i++)
		x->ev.notes[x->nn++] = c->notes[i];
}

static val io_call(ctx *c, ir_expr *e, const vd_catalog_entry *ce, val *args, int n)
{
	if (ce->op == VD_OP_NONE)
		return helper_call(c, e, ce, args, n);

	io_ev x = { { 0 }, 0, 0 };
	io_event_init(c, e, ce, args, n, &x);
	val ret = unk(0);
	handle *h = NULL;
	size_t nfiles0 = c->p->files.n;
	val dirv = unk(0);
	handle nc_var; /* a variable of a NetCDF input named by its integer id */
	if (ce->op == VD_OP_OPEN)
		ret = open_call(c, e, ce, args, n, &x, &h);
	else if (!strcmp(ce->name, "opendir"))
		dirv = dir_open(c, ce, args, n, &h);
	else if (!(h = call_handle(c, ce, args, n)))
		h = nc_input_var_handle(c, ce, args, n, &nc_var);
	if (h) {
		x.ev.collective |= h->collective;
		x.ev.file = h->file;
		x.ev.file_per_exec = h->per_exec;
		x.ev.path = h->path;
		x.ev.direct = !!h->direct;
	}

	int data =
		(ce->op == VD_OP_READ || ce->op == VD_OP_WRITE) && !(ce->flags & VD_CAT_COMPLETION);
	val cret = unk(0);
	double got = -1; /* bytes a read found before the end of its file */
	int followed = h && ce->op != VD_OP_OPEN && content_call(c, e, ce, args, n, h, &x, &cret);
	if (data && !followed) {
		data_call(c, e, ce, args, n, h, &x);
		read_budget(c, e, ce, h, &x, &got);
		if (ce->op == VD_OP_READ)
			read_fills(c, args, n);
	}
	if (ce->flags & VD_CAT_MAPPING)
		mapping_bytes(c, e, ce, args, n, &x);
	if (ce->op == VD_OP_META && h && !strncmp(ce->name, "posix_fadvise", 13)) {
		val *adv = arg_at(args, n, 3);
		x.ev.drop =
			adv && adv->k == V_INT && adv->i == cat_const(c, "POSIX_FADV_DONTNEED", 4);
	}
	if (h)
		handle_position(c, ce, args, n, h, data);
	x.ev.notes[x.nn] = NULL;

	enter(c, e->block, x.ev.count, x.ev.count, x.ev.unknown, NULL);
	/* a call answered as another (H5Oopen of a dataset as H5Dopen2) has
	 * no I/O block of its own: its handle is made, no site counts it */
	if (c->v->io && e->block >= 0)
		c->v->io(c->v->payload, &x.ev);
	leave(c, e->block);
	if (ce->op == VD_OP_CLOSE && h && h->sci_nc && !h->sci_var)
		nc_input_close(c, h, 0);
	if (ce->op == VD_OP_CLOSE && h && h->sci_h5)
		h5_input_close(c, h, 0);
	if (ce->op == VD_OP_OPEN) {
		ret = open_result(c, e, ce, args, n, h, &x, nfiles0, ret);
	} else if (followed) {
		ret = cret; /* what the read returns on the text */
	} else if (stat_call(c, e, ce, args, n, h, &cret)) {
		ret = cret;
	} else if (data && e == c->eof_call && c->eof_trip > 0) { /* what one call returns */
		/* on average: 10 bytes in reads of 4 return 10 / 3 each, so
		 * that what the code does with them (write(out, buf, n)) moves
		 * the file's 10 bytes, not 3 x 3 */
		double share = c->eof_bytes / c->eof_trip;
		ret = io_success(ce, args, n, share, 1);
		line_read_text(c, ce, args, n, share);
		if (ret.k == V_INT && share != floor(share) && !record_read(ce, args, n)) {
			unsigned t = ret.t;
			ret = vflt(share);
			ret.t = t | T_MEAN;
		}
	} else if (got >= 0) {
		ret = short_read(ce, args, n, got);
	} else {
		ret = io_success(ce, args, n, data ? x.ev.bytes : -1, data && !x.sized);
	}
	if (dirv.k == V_HANDLE)
		ret = dirv;
	end_offset(c, ce, h, &ret);
	if (!strncmp(ce->name, "nc_get_att", 10) && !strcmp(ce->api, "netcdf")) {
		int rc = nc_get_att_answer(c, ce->name, args, n); /* an input's attribute */
		if (!rc || rc == NC_ANSWER_ENOTATT)
			ret = vint(rc ? NC_ENOTATT_STATUS : 0);
	}
	return ret;
}

/* ---- project calls -------------------------------------------------------------------------- */

/* ---- call summaries ---------------------------------------------------------------- */

typedef struct memo_entry {
	const void *summary;
	val ret;
	wdelta *w; /* bytes written per file, per unit of multiplier */
	size_t nw;
} memo_entry;

/* Memo keys are built for every call that may be summarized: without
 * printf.  A key is a sequence of tokens, each a tag (a character that is
 * not a hex digit) and a number in hex, or a length-prefixed string: two
 * keys are equal exactly when their parts are (doubles by their bits, any
 * NaN of one sign alike, as "%a" printed them). */
static void key_num(vd_buf *b, char tag, uint64_t x)
{
	char t[18];
	int i = (int)sizeof(t);
	do {
		t[--i] = "0123456789abcdef"[x & 15];
		x >>= 4;
	} while (x);
	t[--i] = tag;
	vd_buf_put(b, t + i, sizeof(t) - (size_t)i);
}

static void key_dbl(vd_buf *b, char tag, double f)
{
	uint64_t x;
	memcpy(&x, &f, sizeof(x));
	if (isnan(f))
		x = (x & ((uint64_t)1 << 63)) | (uint64_t)0x7ff8000000000000ULL;
	key_num(b, tag, x);
}

static void key_str(vd_buf *b, char tag, const char *s)
{
	size_t len = strlen(s);
	key_num(b, tag, len);
	vd_buf_putc(b, ':');
	vd_buf_put(b, s, len);
}

/* The part of a value a call's behaviour may depend on; 0 when the value
 * cannot be keyed (a pointer into the caller's storage). */
static int key_val(vd_buf *b, const val *v, int depth)
{
	key_num(b, '|', (uint64_t)(int64_t)v->k);
	key_num(b, ':', v->t);
	switch (v->k) {
	case V_INT:
		key_num(b, 'i', (uint64_t)v->i);
		break;
	case V_FLT:
	case V_SPACE:
	case V_TYPE:
		key_dbl(b, 'r', v->f);
		break;
	case V_MEM: /* a heap object is itself: its fields are its own */
		key_dbl(b, 'r', v->f);
		key_num(b, '@', (uint64_t)(uintptr_t)v->a);
		break;
	case V_STR:
		key_str(b, 's', v->s);
		break;
	case V_HANDLE:
		key_num(b, 'h', (uint64_t)(int64_t)v->h);
		break;
	case V_FUNC:
		key_num(b, 'p', (uint64_t)(uintptr_t)v->fn);
		key_str(b, 'q', v->fname ? v->fname : "");
		break;
	case V_ARR:
		if (depth > 2 || v->a->n > 64)
			return 0;
		key_num(b, 'n', (uint64_t)(int64_t)v->a->n);
		key_num(b, '@', (uint64_t)v->i);
		vd_buf_putc(b, '[');
		for (int i = 0; i < v->a->n; i++) {
			val x = ARR_AT(v->a, i);
			if (!key_val(b, &x, depth + 1))
				return 0;
		}
		vd_buf_putc(b, ']');
		break;
	case V_REF:
	case V_FOFF:
		return 0;
	default:
		break;
	}
	return 1;
}

static const char *memo_key(ctx *c, ir_func *f, val *args, int n, vd_buf *b)
{
	vd_buf_clear(b);
	key_num(b, 'F', (uint64_t)(uintptr_t)f);
	key_num(b, '|', (uint64_t)(int64_t)c->phase);
	key_num(b, '|', c->cond > 0);
	key_num(b, '|', c->unk);
	key_num(b, '|', (uint64_t)c->gver);
	for (int i = 0; i < c->nnotes; i++)
		key_num(b, 'N', (uint64_t)(uintptr_t)c->notes[i]);
	for (int i = 0; i < n; i++)
		if (!key_val(b, &args[i], 0))
			return NULL;
	return vd_buf_cstr(b);
}

static int memo_ret_ok(const val *r, size_t handles0)
{
	if (r->k == V_ARR || r->k == V_REF || r->k == V_FOFF)
		return 0;
	if (r->k == V_HANDLE && (size_t)r->h >= handles0)
		return 0; /* a handle the call opened */
	return 1;
}

/* A recursive call is unrolled again when what decides its depth is
 * known: every argument has a value (a depth from argv, a node of a tree
 * the walk built), it runs once per execution (no loop walked once for
 * many iterations, no unknown condition around it), and the recursion is
 * not deeper than RECURSION_MAX.  Anything else is not unrolled and noted. */
#define RECURSION_MAX 32

static int known_arg(const val *v)
{
	return known_num(v) || v->k == V_STR || v->k == V_HANDLE || v->k == V_FUNC ||
	       v->k == V_MEM || v->k == V_REF || v->k == V_ARR;
}

/* An argument the recursive call hands on as it got it - the calling
 * frame's own parameter in the same place (`vals` in `print_rows(level +
 * 1, ..., vals)`) - cannot decide the depth: it need not be known. */
static int passed_through(const ctx *c, const ir_func *f, const ir_expr *e, int i)
{
	if (!e || i >= e->nkids || i >= f->nparams || !c->fr || c->fr->fn != f)
		return 0;
	const ir_expr *a = strip_casts(e->kids[i]);
	return a->kind == E_VAR && a->var == f->params[i];
}

static int recursion_ok(const ctx *c, const ir_func *f, const val *args, int n, const ir_expr *e)
{
	if (!f->on_stack)
		return 1;
	if (f->on_stack >= RECURSION_MAX || c->cond || c->p->opts.paths_all)
		return 0;
	int known = 0, through = 0;
	for (int i = 0; i < n; i++) {
		if (known_arg(&args[i]))
			known++;
		else if (passed_through(c, f, e, i))
			through++;
		else
			return 0;
	}
	return !through || known > 0;
}

static val call_body(ctx *c, ir_func *f, val *args, int n);

/* ---- text a callee writes into its caller's buffer ------------------------------------------ */

static const char *const text_fill_calls[] = { "strcpy",  "strncpy",  "strcat", "strncat",
					       "sprintf", "snprintf", "stpcpy", NULL };

static int param_index(const ir_func *f, const ir_expr *k)
{
	if (!k || k->kind != E_VAR || k->var->global)
		return -1;
	for (int i = 0; i < f->nparams && i < 31; i++)
		if (f->params[i] == k->var)
			return i;
	return -1;
}

static void fills_scan_stmt(const ir_func *f, const ir_stmt *s, unsigned *fill, unsigned *moved);

static void fills_scan_expr(const ir_func *f, const ir_expr *e, unsigned *fill, unsigned *moved)
{
	if (!e)
		return;
	if (e->kind == E_STMT) {
		fills_scan_stmt(f, e->stmt, fill, moved);
		return;
	}
	int i = -1;
	if (e->kind == E_CALL && e->str && e->nkids >= 1) {
		for (const char *const *n = text_fill_calls; *n; n++)
			if (!strcmp(e->str, *n))
				i = param_index(f, strip_casts(e->kids[0]));
		if (i >= 0)
			*fill |= 1u << i;
	}
	if ((e->kind == E_ASSIGN || e->kind == E_INCDEC) && e->nkids >= 1 &&
	    (i = param_index(f, strip_casts(e->kids[0]))) >= 0)
		*moved |= 1u << i; /* the pointer itself changes: no longer the caller's buffer */
	for (int k = 0; k < e->nkids; k++)
		fills_scan_expr(f, e->kids[k], fill, moved);
	if (e->kind == E_CALL && e->callee)
		fills_scan_expr(f, e->callee, fill, moved);
}

static void fills_scan_stmt(const ir_func *f, const ir_stmt *s, unsigned *fill, unsigned *moved)
{
	if (!s)
		return;
	fills_scan_expr(f, s->e, fill, moved);
	fills_scan_expr(f, s->inc, fill, moved);
	fills_scan_stmt(f, s->init, fill, moved);
	for (int i = 0; i < s->nkids; i++)
		fills_scan_stmt(f, s->kids[i], fill, moved);
}

/* The parameters whose pointee text the body writes with a string call
 * (`strncpy(to, from, n)`) and never re-points: after the call, the
 * caller's buffer holds what the parameter holds. */
static int text_fills(ir_func *f)
{
	if (f->fills < 0) {
		unsigned fill = 0, moved = 0;
		fills_scan_stmt(f, f->body, &fill, &moved);
		f->fills = (int)(fill & ~moved);
		f->moved = (int)moved;
	}
	return f->fills;
}

/* Copy the filled parameters' text back into the caller's arguments (a
 * buffer variable or member): C passes the buffer, the walk passed its
 * value. */
static void copy_out_fills(ctx *c, ir_func *f, ir_expr *call, const val *out, int n)
{
	for (int i = 0; i < n && i < f->nparams && i < call->nkids; i++) {
		if (!(f->fills & (1 << i)))
			continue;
		ir_expr *a = strip_casts(call->kids[i]);
		if (a->kind == E_VAR || a->kind == E_MEMBER)
			assign_to(c, a, out[i]);
	}
}

/* The evaluation budget is spent: the call is not unrolled, and each
 * function it may call is walked on its own after the entry's walk, as
 * many times as the cut calls ran (walk_cut). */
static const char *cut_by_budget(ctx *c, const ir_expr *e, ir_func *known, const char *where)
{
	int capped = c->call_cap && c->step_limit == c->call_cap;
	const char *nt =
		capped ? note(c,
			      "call at %s:%d not unrolled: the call it is part of, made by a "
			      "loop run iteration by iteration, has walked its %ld steps",
			      where, e->line, (long)ITER_CALL_STEPS)
		       : note(c, "call at %s:%d not unrolled: evaluation budget exhausted", where,
			      e->line);
	if (!c->budget_noted && !capped)
		vd_project_diag(c->p, VD_DIAG_WARNING, where, e->line,
				"evaluation budget of %ld steps exhausted here: calls from here "
				"on are not unrolled and are marked unknown; the functions they "
				"call are analyzed once on their own, flagged",
				(long)EVAL_STEP_BUDGET);
	if (!capped)
		c->budget_noted = 1;
	int multi = !known && e->ncallees > 1;
	for (int i = 0; i < (known ? 1 : e->ncallees); i++) {
		ir_func *t = known ? known : e->callees[i];
		t->budget_cut = 1;
		/* one of several targets: an equal share, as when walked */
		t->cut_mult += multi && !c->p->opts.paths_all ? c->mult / e->ncallees : c->mult;
	}
	return nt;
}

/* A call not walked (cut by the budget, the depth cap, a recursion of
 * unknown depth) may write what its pointer arguments reach, as a library
 * call does (lib_default): a local passed as `&n` is unknown after it, not
 * the value it had (liblzma's `lzma_code` passes `&in_pos` to its coder:
 * a cut coder left `strm->avail_in` as if nothing was consumed), and so
 * are the members of a struct passed as `&s`. */
static void cut_out_params(ctx *c, val *args, int n)
{
	for (int i = 0; i < n; i++) {
		if (args[i].k != V_REF || args[i].ref->k == V_MEM)
			continue;
		/* a struct (`&strm`): the members the walk knows, of the
		 * variable or of its elements */
		val *ref = args[i].ref;
		const arr *a = ref->k == V_ARR ? ref->a : NULL;
		fieldvec *list;
		field_slot_in(c, ref, "@", 0, &list);
		int members = 0;
		for (size_t j = 0; j < list->n; j++)
			if (list->v[j].owner == ref || (a && a->v && list->v[j].owner >= a->v &&
							list->v[j].owner < a->v + a->n)) {
				flog_note(c, list, j, NULL);
				list->v[j].v = unk(0);
				members = 1;
			}
		if (!members && !a)
			store_val(c, ref, unk(0));
	}
}

static val call_function(ctx *c, ir_func *f, val *args, int n)
{
	vd_project *p = c->p;
	if (!recursion_ok(c, f, args, n, c->call_e)) /* noted on the call block by eval_call */
		return unk(0);
	if (c->depth >= p->opts.max_depth || c->steps > c->step_limit)
		return unk(0); /* noted on the call block by eval_call */
	/* a function whose recordings keep being refused (it writes globals,
	 * say) is not recorded again: recording costs, replay is the gain */
	int can = c->v->capture_begin && c->v->capture_end && c->v->replay && c->mult > 0 &&
		  !c->seen_rest && /* its branches take the odds of the passes run (seen_odds) */
		  !p->opts.no_memo && !(f->memo_fails >= 3 && f->memo_fails == f->memo_tries) &&
		  f->call_sites >= 2 && /* a function that runs once gains nothing */
		  !f->on_stack;         /* a recursive call's summary would hold its own block */
	vd_buf kb = VD_BUF_INIT;
	const char *key = can ? memo_key(c, f, args, n, &kb) : NULL;
	c->memo_calls++;
	if (key) {
		memo_entry *m = vd_map_get(c->memo, key);
		if (m) {
			/* the same call in the same context: replay its summary */
			c->memo_hits++;
			c->v->replay(c->v->payload, m->summary, c->mult);
			for (size_t i = 0; i < m->nw; i++) {
				/* writes that appended to a file of known size
				 * append again (a write-all helper called once
				 * per record): its size stays known */
				vd_file_info *wf = &p->files.v[m->w[i].file];
				int append = m->w[i].append && wf->made >= 0;
				wf->written += m->w[i].bytes * c->mult;
				wf->made = append ? wf->made + m->w[i].bytes * c->mult : -1;
			}
			if (c->recording)
				for (size_t i = 0; i < m->nw; i++) {
					wdelta wd = { m->w[i].file, m->w[i].bytes * c->mult,
						      m->w[i].append &&
							      p->files.v[m->w[i].file].made >= 0 };
					vd_vec_push(c->wlog, wd);
				}
			vd_buf_release(&kb);
			return m->ret;
		}
	}
	if (!key) {
		vd_buf_release(&kb);
		return call_body(c, f, args, n);
	}
	/* record: the call's effects on the caller must be none but its events */
	int fx_saved = c->fx_min;
	unsigned long gver0 = c->gver, cuts0 = c->cuts, capped0 = c->capped, hfx0 = c->hfx;
	size_t handles0 = c->handles.n, wpos = c->wlog.n;
	double mult0 = c->mult;
	int level = c->fr ? c->fr->level + 1 : 0;
	c->fx_min = INT_MAX;
	c->recording++;
	c->v->capture_begin(c->v->payload, mult0);
	val r = call_body(c, f, args, n);
	int ok = c->fx_min >= level && c->gver == gver0 && c->cuts == cuts0 &&
		 c->capped == capped0 && c->hfx == hfx0 && c->steps <= c->step_limit &&
		 memo_ret_ok(&r, handles0);
	const void *sm = c->v->capture_end(c->v->payload, ok);
	c->recording--;
	f->memo_tries++;
	if (!sm)
		f->memo_fails++;
	if (sm) {
		memo_entry *m = vd_arena_alloc(c->a, sizeof(*m));
		size_t nw = c->wlog.n - wpos;
		m->summary = sm;
		m->ret = r;
		m->w = vd_arena_alloc(c->a, (nw ? nw : 1) * sizeof(wdelta));
		for (size_t i = wpos; i < c->wlog.n; i++) {
			size_t k = 0;
			while (k < m->nw && m->w[k].file != c->wlog.v[i].file)
				k++;
			if (k == m->nw)
				m->w[m->nw++] = (wdelta){ c->wlog.v[i].file, 0, 1 };
			m->w[k].bytes += c->wlog.v[i].bytes / mult0;
			m->w[k].append &= c->wlog.v[i].append;
		}
		vd_map_put(c->memo, key, m);
	}
	if (!c->recording)
		c->wlog.n = wpos;
	if (fx_saved < c->fx_min)
		c->fx_min = fx_saved;
	vd_buf_release(&kb);
	return r;
}

/* A `return v` of the call being walked: the share of its entries that
 * get here (the multiplier now over the one it was entered with) returns
 * v.  Inside a loop walked once for many iterations the share is not
 * known: unknown. */
static void ret_mass_add(ctx *c, const val *v)
{
	frame *f = c->fr;
	double share = f->mult0 > 0 && c->rep == f->rep0 ? c->mult / f->mult0 : -1;
	double p = odds_of(v);
	if (share < 0 || p < 0) {
		f->ret_mass[2] += 1;
		return;
	}
	f->ret_mass[0] += share * (1 - p);
	f->ret_mass[1] += share * p;
}

/* A function whose returns are each known to be zero or non-zero (or
 * known odds), on arms taken with known probabilities, but whose merged
 * result is unknown: it is non-zero with the share of its entries that
 * return non-zero (T_PTRUE), so a caller's `if (!open_dest(pair))` takes
 * the callee's own odds instead of a heuristic. */
static void ret_odds(const frame *f, val *r)
{
	double z = f->ret_mass[0], nz = f->ret_mass[1];
	if (r->k != V_UNK || f->ret_mass[2] > 0 || z + nz <= 0)
		return;
	val o = vodds(nz / (z + nz), r->t);
	if (o.k == V_UNK) {
		*r = o;
	} else if (nz <= 0) {
		/* every entry returns zero: the merged value held only the
		 * returns of arms no entry takes (error paths walked at
		 * multiplicity 0) - `if (parse(line) != 0) continue;` */
		*r = vint(0);
		r->t |= T_ASSUMED;
	} else {
		/* every entry returns non-zero, of values not known */
		val t = unk((r->t & ~(unsigned)T_FACTS) | T_PTRUE);
		t.f = 1;
		*r = t;
	}
}

/* A project allocator - named like one, with integer parameters: the size
 * (`smalloc(size)`, `xmalloc(size)`) or, for a name ending in "calloc",
 * a count and a size (`scalloc(n, size)`) - whose result the walk cannot
 * follow (it hands out pieces of a pool it manages itself) returns a new
 * allocation as malloc or calloc would, an object whose fields keep what
 * is stored in them where malloc's would.  Its contents are zero for the
 * calloc shape, or when its body cleared what it hands out (a memset(p,
 * 0, size) of the size asked for), else unknown. */
static val user_alloc_result(ctx *c, ir_func *f, val *args, int n, val r, long zero_fills0)
{
	size_t len = strlen(f->name);
	int two = len >= 6 && !strcasecmp(f->name + len - 6, "calloc");
	if (r.k != V_UNK || len < 5 || strcasecmp(f->name + len - 5, "alloc") ||
	    f->nparams != 1 + two || n != f->nparams)
		return r;
	for (int i = 0; i < n; i++)
		if (f->params[i]->is_pointer || !known_num(&args[i]))
			return r;
	val sz[2] = { two ? args[0] : vint(1), args[n - 1] };
	int zeroed = two || (c->zero_fills > zero_fills0 && c->zero_bytes == num(&args[0]));
	return lib_malloc(c, NULL, zeroed ? "calloc" : "malloc", zeroed ? sz : args,
			  zeroed ? 2 : 1);
}

/* The parameters of the call being entered (frame fr) that receive the
 * counter of a counted loop of the caller, as it is (`put(f, i)`) or as
 * the caller got it from its own caller, and that the callee never
 * assigns: fr->ctr. */
static void counter_params(ctx *c, frame *fr, ir_func *f, ir_expr *call, int n)
{
	fr->nctr = 0;
	if (!call || !c->fr || !c->loops.n)
		return;
	text_fills(f); /* computes f->moved */
	for (int i = 0; i < n && i < f->nparams && i < call->nkids && i < 31 && fr->nctr < 4; i++) {
		ir_expr *a = strip_casts(call->kids[i]);
		if (a->kind != E_VAR || a->var->global || f->params[i]->is_pointer ||
		    (f->moved & (1 << i)))
			continue;
		size_t j = c->loops.n;
		while (j-- > 0 && !(c->loops.v[j].fr == c->fr && c->loops.v[j].v == a->var))
			;
		for (int k = 0; j == (size_t)-1 && k < c->fr->nctr; k++)
			if (c->fr->ctr[k].param == a->var)
				j = c->fr->ctr[k].loop;
		if (j == (size_t)-1)
			continue;
		fr->ctr[fr->nctr].param = f->params[i];
		fr->ctr[fr->nctr++].loop = j;
	}
}

static val call_body(ctx *c, ir_func *f, val *args, int n)
{
	ir_expr *call = c->call_e; /* the call expression, for text written back */
	c->call_e = NULL;
	frame fr = { 0 };
	fr.fn = f;
	fr.nslots = f->nslots;
	fr.slots = vd_xcalloc((size_t)(f->nslots ? f->nslots : 1), sizeof(val));
	for (int i = 0; i < f->nparams; i++)
		fr.slots[f->params[i]->slot] = i < n ? args[i] : unk(0);
	fr.cond0 = c->cond;
	fr.live = 1;
	fr.mult0 = c->mult;
	fr.rep0 = c->rep;
	fr.up = c->fr;
	fr.level = c->fr ? c->fr->level + 1 : 0;
	fr.serial = ++c->nframes;
	fr.flog0 = c->flog.n;
	counter_params(c, &fr, f, call, n);
	frame *saved = c->fr;
	double saved_ops = c->ops;
	c->ops = 0;
	c->fr = &fr;
	c->depth++;
	f->on_stack++;
	if (!f->reached)
		f->reached = c->phase;
	long limit0 = c->step_limit;
	if (c->depth >= 2 && c->depth <= 3 && c->phase == 1) /* main's calls and theirs */
		c->step_limit = c->steps + (c->step_limit - c->steps) / 2;
	long cap0 = c->call_cap;
	int capped = 0;
	unsigned long cuts0 = c->cuts;
	if (c->iter_fr && c->iter_fr == saved && c->phase == 1 &&
	    c->step_limit > c->steps + ITER_CALL_STEPS) { /* a call of a `for (;;)` loop */
		c->call_cap = c->step_limit = c->steps + ITER_CALL_STEPS;
		capped = 1;
	}
	/* a recursive call (a tree walked node by node, its children in a
	 * loop) starts its own nesting of loops run one by one; the walk's
	 * step budget still bounds it */
	int conc0 = c->conc_depth;
	if (f->on_stack > 1)
		c->conc_depth = 0;
	long zero_fills0 = c->zero_fills;
	enter(c, f->block, c->mult, c->mult, c->unk, NULL);
	exec(c, f->body);
	flush_ops(c);
	join_at_label(c, 0); /* labels of gotos the walk did not reach */
	leave(c, f->block);
	c->conc_depth = conc0;
	c->step_limit = limit0;
	c->call_cap = cap0;
	f->on_stack--;
	c->depth--;
	val *filled = NULL;
	if (call && text_fills(f)) {
		filled = vd_xcalloc((size_t)n + 1, sizeof(val));
		for (int i = 0; i < n && i < f->nparams; i++)
			filled[i] = fr.slots[f->params[i]->slot];
	}
	c->fr = saved;
	c->ops = saved_ops;
	if (filled)
		copy_out_fills(c, f, call, filled, n);
	free(filled);
	val r = fr.has_ret ? fr.ret : unk(0);
	if (capped && (c->cuts > cuts0 || f->iter_cut)) {
		/* its walk was cut, here or in an earlier iteration: what it
		 * returns and what it stored through its pointer arguments are
		 * not known (the next iterations must not run on a codec
		 * status a partial walk made up) */
		f->iter_cut = 1;
		c->iter_cuts++;
		r = unk(0);
		fr.has_ret = 0;
		cut_out_params(c, args, n);
	}
	ret_odds(&fr, &r);
	r = user_alloc_result(c, f, args, n, r, zero_fills0);
	release_arrs(c, &fr);
	flog_forget(c, &fr);
	free(fr.slots);
	free(fr.esc);
	vd_vec_free(fr.fields);
	return r;
}

/* ---- library APIs whose source is part of the project ----
 * A program built together with libnetcdf's sources (ncdump) calls
 * nc_open, nc_inq_var ... as project functions: their bodies are walked for
 * the I/O they do, but what they answer is computed from the library's
 * in-memory structures, which the walk does not know.  The API's contract
 * is the same as when the library is external, so after the walked body
 * (api_contract) nc_open of an input read at analysis time (see
 * nc_input_open) gives the caller a handle of that input and nc_close of
 * one closes it; the inquiry calls and nc_get_att* on one store the file's
 * answers and return 0 without their bodies being walked (api_answers).
 * The walked bodies' I/O stays as walked. */
static val nc_contract_open(ctx *c, const vd_catalog_entry *ce, val *args, int n, val r)
{
	val *path = arg_at(args, n, ce->path_arg), *out = arg_at(args, n, ce->handle_out);
	struct stat st;
	val pv;
	const char *mt = path ? mem_text(c, path) : NULL;
	if (mt) { /* a path the program built in a heap buffer */
		pv = vstr(mt);
		path = &pv;
	}
	if (!path || path->k != V_STR || !out || out->k != V_REF || stat(path->s, &st) != 0 ||
	    !S_ISREG(st.st_mode))
		return r;
	int nh = new_handle(c);
	handle *H = &c->handles.v[nh];
	H->path = path->s;
	H->file = file_index(c, path->s, path->s);
	H->obj = "";
	if (c->p->files.v[H->file].written > 0)
		return r;
	int id;
	if (vd_sci_nc_open(H->path, &id))
		return r;
	H->sci_nc = id + 1;
	c->nc_inputs++;
	c->hfx++; /* handle state a call summary cannot replay */
	val hv = { 0 };
	hv.k = V_HANDLE;
	hv.h = nh;
	store_val(c, out->ref, hv);
	return vint(0);
}

/* ---- HDF5 inputs: the public API answered from the file ----
 * While an HDF5 file that exists at analysis time is open (H5Fopen of an
 * input, h5_input_open), the calls of HDF5's public API on it are
 * answered from the file with libhdf5 at analysis time (sciinput.c), as
 * the library answers them from what it reads: the links a group holds
 * (H5Literate/H5Lvisit/H5Ovisit call the program's callback once per
 * link with its real name), an object's type and number of attributes
 * (H5Oget_info*), the attributes (H5Aiterate, H5Aopen*), a dataset's or
 * attribute's dataspace (rank, dimensions, points) and datatype (class,
 * size).  Opens, reads and closes are the catalog's calls (io_call): an
 * H5Dread of an input dataset is one read of the selection's bytes at the
 * program's call.  When HDF5's sources are part of the project these calls
 * are answered in the same way and their bodies are not walked (they work
 * on the library's in-memory state, which the walk does not know), and
 * neither are the bodies of the other public calls (H5open, H5Pcreate,
 * H5Eset_auto2, H5Tequal ...: unknown results, the catalog's helpers such
 * as H5Screate_simple their model's), before an input is opened too: they
 * set up in-memory state (the library's start-up, property lists, the
 * error stack, the ID tables) whose walk costs more than the step budget.
 * The bodies of the catalog's I/O calls on files that are not inputs
 * (H5Fcreate, H5Dwrite ...) are walked. */

#define H5_RANK_MAX 32 /* H5S_MAX_RANK */

/* a public HDF5 API name: H5 + an interface's one or two capitals + a
 * lower-case name (H5Dread, H5Tget_class, H5FDregister), or H5 + a
 * lower-case name (H5open); not H5D__read, H5D_read, H5TOOLS_... */
static int h5_public(const char *name)
{
	if (!name || name[0] != 'H' || name[1] != '5' || strstr(name, "__"))
		return 0;
	int k = 2; /* H5open; H5Dread; H5FDregister, H5PLappend */
	while (k < 4 && isupper((unsigned char)name[k]))
		k++;
	return islower((unsigned char)name[k]);
}

/* the input file's library id and the object's path in it for a value
 * derived from an input: an object handle, or a dataspace or datatype of
 * one (h5_mark); 0 when none */
static long long h5_src(ctx *c, const val *v, const char **path)
{
	int fh = -1;
	const char *p = NULL;
	if (v->k == V_HANDLE) {
		const handle *h = handle_of(c, v);
		if (!h || !h->obj || h->file < 0)
			return 0;
		for (size_t i = 0; i < c->handles.n; i++)
			if (c->handles.v[i].sci_h5 && c->handles.v[i].file == h->file)
				fh = (int)i;
		p = h->obj;
	} else if ((v->k == V_SPACE || v->k == V_TYPE) && v->s && v->h >= 0 &&
		   v->h < (int)c->handles.n) {
		fh = v->h;
		p = v->s;
	}
	if (fh < 0 || !c->handles.v[fh].sci_h5)
		return 0;
	*path = p[0] ? p : "/";
	return c->handles.v[fh].sci_h5;
}

/* a dataspace or datatype value of the object at `path` of the input
 * whose file handle has sci_h5 id `fid` */
static val h5_mark(ctx *c, val v, long long fid, const char *path)
{
	for (size_t i = 0; i < c->handles.n; i++)
		if (c->handles.v[i].sci_h5 == fid) {
			v.h = (int)i;
			v.s = path;
		}
	return v;
}

/* a catalog call answered by its model (io_call) */
static val h5_catalog(ctx *c, ir_expr *e, const char *name, val *args, int n)
{
	const vd_catalog_entry *ce = vd_catalog_find(c->p->catalog, name);
	if (!ce || strcmp(ce->api, "hdf5"))
		return unk(0);
	c->h5_io = ce->op != VD_OP_NONE; /* io_call enters the call's block */
	return io_call(c, e, ce, args, n);
}

/* a struct the library fills for a callback (H5L_info_t, H5A_info_t,
 * H5O_info_t): a pointer to storage of the walk's own, with field `f` = x */
static val h5_info(ctx *c, const char *f, long long x)
{
	val *st = vd_arena_alloc(c->a, sizeof *st);
	*st = unk(0);
	field_val *fv = f ? field_slot(c, st, f, 1) : NULL;
	if (fv)
		fv->v = vint(x);
	val p = { 0 };
	p.k = V_REF;
	p.ref = st;
	return p;
}

/* a handle on the group at `path` of the input whose file handle has
 * sci_h5 id `fid` (the group an iteration by name visits, which the
 * library hands to the callback): no I/O call of the program's */
static val h5_group_handle(ctx *c, long long fid, const char *path)
{
	int fh = -1;
	for (size_t i = 0; i < c->handles.n; i++)
		if (c->handles.v[i].sci_h5 == fid)
			fh = (int)i;
	if (fh < 0)
		return unk(0);
	int nh = new_handle(c);
	handle *H = &c->handles.v[nh], *F = &c->handles.v[fh];
	H->file = F->file;
	H->path = F->path;
	H->obj = strcmp(path, "/") ? path : "";
	val hv = { 0 };
	hv.k = V_HANDLE;
	hv.h = nh;
	return hv;
}

/* The iteration calls: the program's callback (argument cb) once per link
 * or attribute of the object at `path` (which: 'l' links, 'v' all links
 * below, 'o' objects below, 'a' attributes), each with the location
 * argument, the name, the library's info struct and op_data (argument
 * od).  The callback runs in the caller's context, once per name. */
static int h5_iterate(ctx *c, val *args, int n, long long fid, const char *path, int which, int cb,
		      int od, int by_name)
{
	if (cb >= n || args[cb].k != V_FUNC || !args[cb].fn || args[cb].fn->on_stack)
		return 1;
	ir_func *f = args[cb].fn;
	vd_sci_h5_name *nm = NULL;
	size_t cnt = 0;
	if (vd_sci_h5_names(fid, path, which == 'o' ? 'v' : which, &nm, &cnt))
		return 1;
	int self = which == 'o'; /* H5Ovisit: the object itself first, as "." */
	for (size_t i = 0; i < cnt + (size_t)self && c->mult > 0; i++) {
		const char *s = self && i == 0 ? "." : nm[i - (size_t)self].name;
		int type = self && i == 0 ? 0 : nm[i - (size_t)self].type;
		if (which == 'o' && type < 0)
			continue; /* H5Ovisit: objects, not soft links */
		val *ca = vd_xcalloc((size_t)f->nparams + 1, sizeof(val));
		for (int k = 0; k < f->nparams; k++)
			ca[k] = unk(0);
		if (f->nparams >= 1)
			ca[0] = by_name ? h5_group_handle(c, fid, path) : args[0];
		if (f->nparams >= 2)
			ca[1] = vstr(vd_arena_strdup(c->a, s));
		if (f->nparams >= 3) /* H5L_info_t.type: hard (0) or soft (1) */
			ca[2] = which == 'a'   ? h5_info(c, NULL, 0)
				: which == 'o' ? h5_info(c, "type", type)
					       : h5_info(c, "type", type < 0);
		if (f->nparams >= 4 && od < n)
			ca[3] = args[od];
		call_function(c, f, ca, f->nparams);
		free(ca);
	}
	vd_sci_h5_names_free(nm, cnt);
	c->h5_io = 0; /* the callbacks' calls are not this call */
	return 0;
}

/* H5Oget_info*(loc, &oinfo, ...), H5Oget_info_by_name*(loc, name, &oinfo,
 * ...): the object's type, one reference and its number of attributes */
static int h5_oinfo(ctx *c, val *args, int n, long long fid, const char *path, int by_name)
{
	int k = by_name ? 2 : 1, type, natts;
	if (by_name) {
		if (n < 2 || args[1].k != V_STR)
			return 1;
		val nv = args[1];
		path = object_path(c, strcmp(path, "/") ? path : "", &nv);
		if (path && !path[0])
			path = "/";
	}
	if (!path || k >= n || args[k].k != V_REF || vd_sci_h5_object(fid, path, &type, &natts))
		return 1;
	static const char *const fields[] = { "type", "rc", "num_attrs" };
	long long x[] = { type, 1, natts };
	for (int i = 0; i < 3; i++) {
		field_val *f = field_slot(c, args[k].ref, fields[i], 1);
		if (f)
			f->v = vint(x[i]);
	}
	return 0;
}

/* H5Sget_simple_extent_{ndims,dims,npoints,type}(space, ...) */
static int h5_extent(ctx *c, const char *q, val *args, int n, long long fid, const char *path,
		     val *r)
{
	int rank;
	double dims[VD_SCI_MAX_DIMS], pts;
	if (vd_sci_h5_extent(fid, path, &rank, dims, VD_SCI_MAX_DIMS, &pts))
		return 1;
	if (!strcmp(q, "ndims")) {
		*r = vint(rank);
	} else if (!strcmp(q, "npoints")) {
		*r = vint((long long)pts);
	} else if (!strcmp(q, "type")) {
		*r = vint(rank > 0 ? 1 : pts > 0 ? 0 : 2); /* H5S_SIMPLE, SCALAR, NULL */
	} else if (!strcmp(q, "dims")) {
		val x[H5_RANK_MAX];
		for (int i = 0; i < rank && i < H5_RANK_MAX; i++)
			x[i] = vint((long long)dims[i]);
		for (int k = 1; k <= 2 && k < n; k++)
			if (args[k].k == V_ARR || args[k].k == V_MEM)
				nc_out_vals(c, &args[k], x,
					    rank < H5_RANK_MAX ? rank : H5_RANK_MAX);
		*r = vint(rank);
	} else {
		return 1;
	}
	return 0;
}

/* H5Aopen(obj, attr, aapl), H5Aopen_name(obj, attr),
 * H5Aopen_by_name(loc, obj, attr, ...), H5Aopen_by_idx(loc, obj, idx_type,
 * order, n, ...) on an input: a handle on "<object>/<attr>" with the
 * attribute's extent and type (1, *r), or 0 */
static int h5_attr_open(ctx *c, ir_expr *e, const char *q, val *args, int n, long long fid,
			const char *path, val *r)
{
	int cls;
	const char *on = path, *an = NULL;
	if (!strcmp(q, "Aopen") || !strcmp(q, "Aopen_name")) {
		an = n > 1 && args[1].k == V_STR ? args[1].s : NULL;
	} else {
		val ov = n > 1 ? args[1] : unk(0);
		on = object_path(c, strcmp(path, "/") ? path : "", &ov);
		if (!strcmp(q, "Aopen_by_name"))
			an = n > 2 && args[2].k == V_STR ? args[2].s : NULL;
		else if (!strcmp(q, "Aopen_by_idx") && on && n > 4 && args[4].k == V_INT) {
			vd_sci_h5_name *ns = NULL;
			size_t cnt = 0;
			if (!vd_sci_h5_names(fid, on[0] ? on : "/", 'a', &ns, &cnt)) {
				if (args[4].i >= 0 && (size_t)args[4].i < cnt)
					an = vd_arena_strdup(c->a, ns[args[4].i].name);
				vd_sci_h5_names_free(ns, cnt);
			}
		}
	}
	if (!on || !an)
		return 0;
	val rv = h5_catalog(c, e, "H5Aopen", args, n);
	handle *H = handle_of(c, &rv);
	if (!H)
		return 0;
	vd_buf b = VD_BUF_INIT;
	vd_buf_printf(&b, "%s/%s", strcmp(on, "/") ? on : "", an);
	H->obj = vd_arena_strdup(c->a, vd_buf_cstr(&b));
	vd_buf_release(&b);
	int rank;
	double pts, tsz;
	if (!vd_sci_h5_extent(fid, H->obj, &rank, NULL, 0, &pts) &&
	    !vd_sci_h5_dtype(fid, H->obj, &cls, &tsz)) {
		H->npoints = pts;
		H->tsize = tsz;
		H->rank = rank;
	}
	*r = rv;
	return 1;
}

/* the input-derived object argument 0 of call `name`: answered from the
 * file (1, *r) or not */
static int h5_on_input(ctx *c, ir_expr *e, const char *name, val *args, int n, long long fid,
		       const char *path, val *r)
{
	const char *q = name + 2;
	int cls;
	double sz;
	if (!strncmp(q, "Literate", 8) || !strncmp(q, "Lvisit", 6) || !strncmp(q, "Ovisit", 6) ||
	    !strncmp(q, "Aiterate", 8)) {
		int by_name = strstr(q, "_by_name") != NULL, off = by_name;
		if (by_name) {
			val nv = n > 1 ? args[1] : unk(0);
			path = object_path(c, strcmp(path, "/") ? path : "", &nv);
			if (!path)
				return 0;
			path = path[0] ? path : "/";
		}
		int which = q[0] == 'A' ? 'a' : q[0] == 'O' ? 'o' : q[1] == 'v' ? 'v' : 'l';
		/* (loc, [name,] idx_type, order, [idx,] op, op_data) */
		int cb = off + (which == 'l' || which == 'a' ? 4 : 3);
		if (h5_iterate(c, args, n, fid, path, which, cb, cb + 1, by_name))
			return 0;
		*r = vint(0);
		return 1;
	}
	if (!strncmp(q, "Oget_info", 9)) { /* of an object (a handle), not a type */
		if (args[0].k != V_HANDLE ||
		    h5_oinfo(c, args, n, fid, path, strstr(q, "_by_name") != NULL))
			return 0;
		*r = vint(0);
		return 1;
	}
	if (!strcmp(q, "Aget_num_attrs") || !strcmp(q, "Oget_type")) {
		int type, natts;
		if (vd_sci_h5_object(fid, path, &type, &natts))
			return 0;
		*r = vint(q[1] == 'g' ? natts : type);
		return 1;
	}
	if (!strncmp(q, "Sget_simple_extent_", 19))
		return !h5_extent(c, q + 19, args, n, fid, path, r);
	if (!strcmp(q, "Tget_class") || !strcmp(q, "Tget_size")) {
		if (vd_sci_h5_dtype(fid, path, &cls, &sz))
			return 0;
		*r = vint(q[4] == 'c' ? cls : (long long)sz);
		return 1;
	}
	if (!strcmp(q, "Tcommitted")) { /* a type the file gave: named or not */
		int com;
		if (args[0].k != V_TYPE || vd_sci_h5_committed(fid, path, &com))
			return 0;
		*r = vint(com);
		return 1;
	}
	if (!strcmp(q, "Tget_native_type") || !strcmp(q, "Tcopy")) {
		*r = args[0]; /* a type of the same class and size */
		return 1;
	}
	if (!strcmp(q, "Dget_space") || !strcmp(q, "Aget_space") || !strcmp(q, "Dget_type") ||
	    !strcmp(q, "Aget_type")) {
		int sp = q[5] == 's', rank;
		double pts;
		val v = { 0 };
		if (sp ? vd_sci_h5_extent(fid, path, &rank, NULL, 0, &pts)
		       : vd_sci_h5_dtype(fid, path, &cls, &pts))
			return 0;
		v.k = sp ? V_SPACE : V_TYPE;
		v.f = pts;
		*r = h5_mark(c, v, fid, path);
		return 1;
	}
	if (!strcmp(q, "Oopen")) { /* a group or dataset, by its object type */
		int type, natts;
		val nv = n > 1 ? args[1] : unk(0);
		const char *op = object_path(c, strcmp(path, "/") ? path : "", &nv);
		if (!op || vd_sci_h5_object(fid, op[0] ? op : "/", &type, &natts) || type > 1)
			return 0;
		*r = h5_catalog(c, e, type ? "H5Dopen2" : "H5Gopen2", args, n);
		return 1;
	}
	if (!strncmp(q, "Aopen", 5))
		return h5_attr_open(c, e, q, args, n, fid, path, r);
	return 0;
}

/* an answered call's unknown effects (lib_default), except through the
 * pointers f's parameters declare to const (`const hsize_t count[]`):
 * the callee does not write those (`H5Sselect_hyperslab(sp, op, start,
 * NULL, &n, NULL)` leaves n as it was) */
static val answer_default(ctx *c, ir_expr *e, const ir_func *f, const char *name, val *args, int n)
{
	val kept[8];
	int m = n < 8 ? n : 8;
	for (int i = 0; i < m; i++) {
		kept[i] = args[i];
		if (f && i < f->nparams && f->params[i] && f->params[i]->const_pointee)
			args[i] = unk(0);
	}
	val r = lib_default(c, e, name, args, n);
	for (int i = 0; i < m; i++)
		args[i] = kept[i];
	return r;
}

/* An HDF5 call while an input is open (or H5Fopen of one): answered from
 * the file and the catalog (1, *r), or not (0: walked or modelled as
 * before).  `own`: the function's body is in the project - then every
 * public call made while an input is open is answered without its body. */
static int h5_answer(ctx *c, ir_expr *e, const char *name, val *args, int n, const ir_func *own,
		     val *r)
{
	if (c->p->opts.paths_all || !h5_public(name))
		return 0;
	if (!strcmp(name, "H5Fopen")) {
		struct stat st;
		long long id;
		val pv = n > 0 ? args[0] : unk(0);
		const char *mt = n > 0 ? mem_text(c, &args[0]) : NULL;
		if (mt)
			pv = vstr(mt);
		if (pv.k != V_STR || stat(pv.s, &st) != 0 || !S_ISREG(st.st_mode) ||
		    vd_sci_h5_open(pv.s, &id))
			return 0;
		vd_sci_h5_close(id);
		if (!own)
			return 0; /* the catalog's model opens it (h5_input_open) */
		args[0] = pv;     /* a path the program built in a heap buffer */
		*r = h5_catalog(c, e, name, args, n);
		return 1;
	}
	const char *path = NULL;
	long long fid = c->h5_inputs > 0 && n > 0 ? h5_src(c, &args[0], &path) : 0;
	if (!fid && c->h5_inputs == 1 && n > 1 && args[0].k == V_UNK && args[1].k == V_STR &&
	    args[1].s[0] == '/') {
		/* (loc, "/absolute/name", ...) with loc unknown while one input
		 * is open: any location in that file names the same object */
		for (size_t i = 0; i < c->handles.n && !fid; i++)
			if (c->handles.v[i].sci_h5) {
				args[0] = (val){ .k = V_HANDLE, .h = (int)i };
				fid = h5_src(c, &args[0], &path);
			}
	}
	if (fid && h5_on_input(c, e, name, args, n, fid, path, r))
		return 1;
	if (!own)
		return 0;
	const vd_catalog_entry *ce = vd_catalog_find(c->p->catalog, name);
	if (c->h5_inputs <= 0 && ce && ce->op != VD_OP_NONE)
		return 0; /* I/O of a file that is not an input: walked */
	if (ce && !strcmp(ce->api, "hdf5")) {
		*r = h5_catalog(c, e, name, args, n);
		return 1;
	}
	*r = answer_default(c, e, own, name, args, n);
	walk_callbacks(c, e, name, args, n);
	return 1;
}

/* The library's code under a read of an input's variable answered at the
 * program's call (api_answers): the run's trace finds its I/O there (the
 * back end's reads), the walk counts it at the program's call.  Its I/O
 * sites, in the function and every function it calls (resolved targets
 * of indirect calls too), are flagged with a note saying so, once per
 * answered function. */
static void annotate(ctx *c, int block, unsigned bits, const char *nt);

typedef struct {
	ctx *c;
	const char *nt;
	vd_map *seen;
} lib_flag;

static void flag_library_body(lib_flag *lf, const ir_func *f);

static int flag_library_at(const ir_expr *e, void *arg)
{
	lib_flag *lf = arg;
	if (e->kind != E_CALL)
		return 0;
	if (e->block >= 0 && lf->c->p->blocks.v[e->block].kind == VD_KIND_IO)
		annotate(lf->c, e->block, COUNT_BITS | P_BIT(3) | P_BIT(8), lf->nt);
	for (int i = 0; i < e->ncallees; i++)
		flag_library_body(lf, e->callees[i]);
	return 0; /* every one */
}

static void flag_library_body(lib_flag *lf, const ir_func *f)
{
	if (!f || !f->body || !f->name || vd_map_has(lf->seen, f->name))
		return;
	vd_map_put(lf->seen, f->name, (void *)f);
	ir_any_stmt(f->body, flag_library_at, lf);
}

static void flag_answered_read(ctx *c, ir_expr *e, const ir_func *f)
{
	if (!c->nc_answered)
		c->nc_answered = vd_map_new();
	if (vd_map_has(c->nc_answered, f->name))
		return;
	vd_map_put(c->nc_answered, f->name, (void *)f);
	const vd_sblock *b = e->block >= 0 ? &c->p->blocks.v[e->block] : NULL;
	const char *nt = note(c,
			      "%s of an input read at analysis time is counted at the "
			      "program's call (%s:%d), sized from the file: the library's "
			      "own I/O for it is not counted here",
			      f->name, b ? b->file : "?", e->line);
	lib_flag lf = { c, nt, vd_map_new() };
	flag_library_body(&lf, f);
	vd_map_free(lf.seen);
}

/* A netCDF call whose file id is unknown while the program has one netCDF
 * file open, an input, and has created none: the id can only be that
 * file's (or one of its groups', which the file answers the same way), so
 * it is answered from the input, as HDF5's calls with an unknown location
 * and an absolute name are (ncdump's `is_bounds_var(name, &ncid, &varid)`
 * hands back an id the walk lost). */
static void nc_sole_input(ctx *c, const ir_func *f, val *args, int n)
{
	if (n < 1 || args[0].k != V_UNK || c->nc_inputs != 1 || c->nc_made ||
	    strncmp(f->name, "nc_", 3) || !islower((unsigned char)f->name[3]))
		return;
	for (size_t i = 0; i < c->handles.n; i++)
		if (c->handles.v[i].sci_nc && !c->handles.v[i].sci_var) {
			args[0] = (val){ .k = V_HANDLE, .h = (int)i };
			return;
		}
}

/* Any other public netCDF call (`nc_` and a lower-case name) on an input
 * while it is open: its body works on the library's in-memory state of the
 * file (the open-file table, the dispatch table, the metadata lists),
 * which the walk does not know, so walked it takes every dispatch target
 * and loops of unknown count over lists the file does not have (a classic
 * file's nc_close walking netCDF-4's teardown of groups and attributes).
 * As with HDF5's public calls, it is not walked: nc_close is the catalog's
 * close at the program's call (the input is closed), a call the catalog
 * does not list as I/O (nc_reclaim_data, nc_free_string, nc_set_fill ...)
 * succeeds (0) and what it stores through its pointers is unknown.  Other
 * I/O calls (a write into an input) are walked as before.  1 when
 * answered, *r the result. */
static int nc_other_call(ctx *c, ir_expr *e, const ir_func *f, val *args, int n, val *r)
{
	const char *nm = f->name;
	if (strncmp(nm, "nc_", 3) || !islower((unsigned char)nm[3]) ||
	    !strncmp(nm, "nc_get_att", 10) || !strncmp(nm, "nc_inq", 6) || n < 1 ||
	    nc_input_id(c, &args[0]) < 0)
		return 0;
	const vd_catalog_entry *ce = vd_catalog_find(c->p->catalog, nm);
	if (ce && (strcmp(ce->api, "netcdf") || (ce->op != VD_OP_NONE && ce->op != VD_OP_CLOSE)))
		return 0;
	if (ce && ce->op == VD_OP_CLOSE) {
		c->h5_io = 1; /* io_call enters the call's block */
		io_call(c, e, ce, args, n);
		flag_answered_read(c, e, f);
		nc_input_close(c, handle_of(c, &args[0]), 0);
	} else {
		answer_default(c, e, f, nm, args, n);
	}
	*r = vint(0);
	return 1;
}

/* Before the walk: an inquiry call (nc_inq*) on an input is answered from
 * the file, as the library answers it from the header it read at nc_open,
 * and its body is not walked (1, *r the status). */
static int api_answers(ctx *c, ir_expr *e, const ir_func *f, val *args, int n, val *r)
{
	if (h5_answer(c, e, f->name, args, n, f, r))
		return 1;
	if (c->p->opts.paths_all || !f->name || c->nc_inputs <= 0)
		return 0;
	nc_sole_input(c, f, args, n);
	if (!strncmp(f->name, "nc_get_var", 10)) {
		/* a read of an input's variable: the catalog's read of the
		 * variable's bytes at the program's call (io_call sizes it from
		 * the file), as with an external libnetcdf; the body, which
		 * finds the file's dispatch table and cache in the library's
		 * own state, is not walked */
		const vd_catalog_entry *ce = vd_catalog_find(c->p->catalog, f->name);
		const handle *h = n >= 1 ? handle_of(c, &args[0]) : NULL;
		if (!ce || strcmp(ce->api, "netcdf") || ce->op != VD_OP_READ || !h || !h->sci_nc)
			return 0;
		c->h5_io = 1; /* io_call enters the call's block */
		*r = io_call(c, e, ce, args, n);
		flag_answered_read(c, e, f);
		return 1;
	}
	if (nc_other_call(c, e, f, args, n, r))
		return 1;
	int inq = !strncmp(f->name, "nc_get_att", 10) || !strncmp(f->name, "nc_inq", 6);
	int rc = !strncmp(f->name, "nc_get_att", 10) ? nc_get_att_answer(c, f->name, args, n)
		 : !strncmp(f->name, "nc_inq", 6)    ? nc_inq_answer(c, e, f->name, args, n)
						     : 1;
	if (rc && rc != NC_ANSWER_ENOTATT && inq && n >= 1 && nc_input_id(c, &args[0]) >= 0) {
		/* an inquiry on an input that the file cannot answer here (a
		 * variable or attribute the walk does not know: a loop walked
		 * once for many ids): what it stores and returns is unknown,
		 * and its body, which reads the library's in-memory header,
		 * is not walked either */
		lib_default(c, e, f->name, args, n);
		*r = unk(0);
		return 1;
	}
	if (rc && rc != NC_ANSWER_ENOTATT)
		return 0;
	*r = vint(rc ? NC_ENOTATT_STATUS : 0);
	return 1;
}

static val api_contract(ctx *c, const ir_func *f, val *args, int n, val r)
{
	if (c->p->opts.paths_all || !f->name || strncmp(f->name, "nc_", 3))
		return r;
	const vd_catalog_entry *ce = vd_catalog_find(c->p->catalog, f->name);
	if (!ce || strcmp(ce->api, "netcdf"))
		return r;
	if (ce->op == VD_OP_OPEN && strstr(ce->name, "open"))
		return nc_contract_open(c, ce, args, n, r);
	if (ce->op == VD_OP_OPEN && strstr(ce->name, "create"))
		c->nc_made++;
	handle *h = ce->op == VD_OP_CLOSE && n >= 1 ? handle_of(c, &args[0]) : NULL;
	if (h && h->sci_nc && !h->sci_var) {
		nc_input_close(c, h, 0);
		return vint(0);
	}
	return r;
}

/* `&s.o`, `&p->o` handed to a project function (`fill_defaults(&td->o)`),
 * o a struct (or union) member of a struct variable or of what a pointer
 * to one points at: a pointer at o's byte offset in the outer struct
 * (V_FOFF), so that what the callee stores through it (`o->bs = 4096`,
 * `*(int *)((char *)data + off) = v`) is what `td->o.bs` reads.  The
 * address of a scalar member stays its value, as library calls expect
 * (made a pointer for project calls too, netCDF's `&pxp->pos` out-
 * parameters moved ncgen's and ncdump's buffer-cache branches the wrong
 * way).  0 when k is not such an address. */
static int member_addr_arg(ctx *c, ir_expr *k, val *out)
{
	if (!c->call_args_project || k->kind != E_UN || k->op != OP_ADDR || k->nkids != 1)
		return 0;
	ir_expr *m = strip_casts(k->kids[0]);
	if (m->kind != E_MEMBER || m->nkids != 1 || !m->str || !m->is_record || m->fval < 0 ||
	    !expr_pure(m->kids[0]) || heap_field(c, m))
		return 0;
	int elem = 0;
	val bv = unk(0);
	val *owner = member_owner(c, m->kids[0], m->op == 1, &elem, NULL, &bv);
	if (!owner || elem || bv.k == V_MEM)
		return 0;
	val r = { 0 };
	r.k = V_FOFF;
	r.ref = owner;
	r.i = ref_serial(c, owner);
	r.f = m->fval;
	c->ops++;
	*out = r;
	return 1;
}

/* `&n` written as a call's argument (`nc_inq(ncid, &ndims, &nvars, ...)`,
 * `sscanf(s, "%d", &x)`): an out-parameter.  The callee writes the local
 * through its parameter, which the walk knows; the local does not count as
 * escaped, so a store through a pointer the walk does not know (in that
 * callee's body or later) leaves it as it is.  A local whose address is
 * also taken elsewhere (`tail = &head`) is escaped there. */
static val out_param_arg(ctx *c, ir_expr *k)
{
	ir_expr *x = strip_casts(k);
	val fa;
	if (member_addr_arg(c, x, &fa))
		return fa;
	if (x->kind != E_UN || x->op != OP_ADDR || x->nkids != 1 ||
	    strip_casts(x->kids[0])->kind != E_VAR)
		return eval(c, k);
	int saved = c->out_arg;
	c->out_arg = 1;
	val v = eval(c, k);
	c->out_arg = saved;
	return v;
}

/* Why a call to project code is not unrolled (recursion of unknown depth,
 * the depth cap, a spent step budget): its note, or NULL when it is */
static const char *unroll_cut(ctx *c, ir_expr *e, ir_func *known, val *args, int n)
{
	const char *nt = NULL;
	const char *where = c->p->blocks.v[e->block].file;
	for (int i = 0; i < (known ? 1 : e->ncallees); i++) {
		ir_func *t = known ? known : e->callees[i];
		if (!recursion_ok(c, t, args, n, e) && c->mult > 0) /* 0: it never runs */
			nt = note(c, "recursive call to %s at %s:%d not unrolled (depth unknown)",
				  t->name, where, e->line);
	}
	if (!nt && c->depth >= c->p->opts.max_depth)
		nt = note(c, "call at %s:%d not unrolled: depth cap %d reached (--max-depth)",
			  where, e->line, c->p->opts.max_depth);
	if (!nt && c->steps > c->step_limit && c->phase >= 2) {
		/* unreachable code: its share is spent; the callee, if still
		 * unreached, is walked on its own later */
		nt = note(c,
			  "call at %s:%d not unrolled: the steps for walking code the "
			  "entry does not reach are spent",
			  where, e->line);
		c->unreached_cuts++;
	}
	if (!nt && c->steps > c->step_limit)
		nt = cut_by_budget(c, e, known, where);
	return nt;
}

static val eval_call(ctx *c, ir_expr *e)
{
	int n = e->nkids;
	val few[8]; /* most calls: no allocation */
	val *args = n <= 8 ? few : vd_xcalloc((size_t)n, sizeof(val));
	int proj0 = c->call_args_project;
	c->call_args_project = !e->cat && e->ncallees > 0;
	for (int i = 0; i < n; i++)
		args[i] = out_param_arg(c, e->kids[i]);
	c->call_args_project = proj0;
	val r = unk(0);
	if (e->cat) {
		flush_ops(c);
		if (!h5_answer(c, e, e->cat->name, args, n, NULL, &r))
			r = io_call(c, e, e->cat, args, n);
		goto done;
	}
	/* an indirect call whose target value is known in this context */
	ir_func *known = NULL;
	if (e->callee) {
		val cv = eval(c, e->callee);
		if (cv.k == V_FUNC && cv.fn)
			known = cv.fn;
		else if (cv.k == V_FUNC && cv.fname) {
			const vd_catalog_entry *ce = vd_catalog_find(c->p->catalog, cv.fname);
			if (!ce && !e->ncallees) {
				r = call_external(c, e, cv.fname, args, n);
				goto done;
			}
		}
	}
	if ((known || e->ncallees == 1) &&
	    (c->h5_io = 0, api_answers(c, e, known ? known : e->callees[0], args, n, &r))) {
		if (!c->h5_io) { /* io_call entered the block */
			enter(c, e->block, c->mult, c->mult, c->unk, NULL);
			leave(c, e->block);
		}
		goto done;
	}
	if (known || e->ncallees > 0) {
		flush_ops(c);
		double saved_mult = c->mult;
		if ((known ? known->noreturn : (e->ncallees == 1 && e->callees[0]->noreturn)) &&
		    c->mult > 1) {
			c->mult = 1; /* it ends the program: once per run at most */
			c->capped++;
		}
		int multi = !known && e->ncallees > 1;
		unsigned u = c->unk;
		const char *nt = unroll_cut(c, e, known, args, n);
		if (nt) {
			u |= COUNT_BITS | P_BIT(3) | P_BIT(8);
			c->cuts++;
		}
		enter(c, e->block, c->mult, c->mult, u, nt);
		if (multi)
			c->cond++; /* one of several targets runs */
		if (known) {
			c->call_e = e;
			r = call_function(c, known, args, n);
			c->call_e = NULL;
		} else {
			/* one of the targets runs: each with an equal share of the
			 * call's executions (each in full for the upper bound) */
			double m0 = c->mult;
			if (!c->p->opts.paths_all && e->ncallees > 1)
				c->mult = m0 / e->ncallees;
			for (int i = 0; i < e->ncallees; i++) {
				c->call_e = e;
				val x = call_function(c, e->callees[i], args, n);
				c->call_e = NULL;
				r = i == 0 ? x : merge(&r, &x);
			}
			c->mult = m0;
		}
		if (multi)
			c->cond--;
		if (nt)
			cut_out_params(c, args, n);
		leave(c, e->block);
		c->mult = saved_mult;
		if (!multi)
			r = api_contract(c, known ? known : e->callees[0], args, n, r);
		goto done;
	}
	if (e->block >= 0) { /* an unresolved indirect call: a block with nothing inside */
		enter(c, e->block, c->mult, c->mult, c->unk, NULL);
		leave(c, e->block);
		goto done;
	}
	if (h5_answer(c, e, e->str, args, n, NULL, &r))
		goto done; /* an HDF5 input's answer, its callbacks walked */
	r = call_external(c, e, e->str, args, n);
	walk_callbacks(c, e, e->str, args, n);
done:
	if (args != few)
		free(args);
	if (r.k == V_UNK)
		r.t |= T_CALLRES;
	return r;
}

/* ---- statements ----------------------------------------------------------------------------- */

typedef VD_VEC(ir_var *) varvec;

static void add_var(varvec *vv, ir_var *v)
{
	for (size_t i = 0; i < vv->n; i++)
		if (vv->v[i] == v)
			return;
	vd_vec_push(*vv, v);
}

static void writes_stmt(ir_stmt *s, varvec *out);
static int getter_call(const ir_expr *e, int depth);

/* variables an expression may write: assignments, ++/--, &x handed to calls */
static void writes_expr(ir_expr *e, varvec *out)
{
	if (!e)
		return;
	if ((e->kind == E_ASSIGN || e->kind == E_INCDEC) && e->nkids >= 1) {
		ir_expr *l = e->kids[0];
		while (l->kind == E_CAST && l->nkids == 1)
			l = l->kids[0];
		if (l->kind == E_VAR)
			add_var(out, l->var);
		else if (l->kind == E_MEMBER && l->nkids >= 1 && l->kids[0]->kind == E_VAR &&
			 l->kids[0]->var->is_pointer)
			; /* p->f = x writes p's pointee, not p (see pointee_fields_vary) */
		else if ((l->kind == E_INDEX || l->kind == E_MEMBER) && l->nkids >= 1 &&
			 l->kids[0]->kind == E_VAR)
			add_var(out, l->kids[0]->var);
	}
	if (e->kind == E_UN && e->op == OP_ADDR && e->nkids == 1 && e->kids[0]->kind == E_VAR)
		add_var(out, e->kids[0]->var);
	if ((e->kind == E_CALL && e->cat && e->cat->op != VD_OP_READ && e->cat->op != VD_OP_OPEN &&
	     e->cat->op != VD_OP_NONE) ||
	    (e->kind == E_CALL && getter_call(e, 0))) {
		/* a write, seek, flush...: buffers handed by address are only
		 * read; so is what a getter gets (`ap_code(&parser, i)`) */
		for (int i = 0; i < e->nkids; i++) {
			ir_expr *k = e->kids[i];
			while (k->kind == E_CAST && k->nkids == 1)
				k = k->kids[0];
			if (k->kind == E_UN && k->op == OP_ADDR)
				continue;
			writes_expr(k, out);
		}
		if (e->callee)
			writes_expr(e->callee, out);
		return;
	}
	if (e->kind == E_STMT) {
		writes_stmt(e->stmt, out);
		return;
	}
	if (e->kind == E_CALL && e->nkids >= 1 && e->str &&
	    (!strcmp(e->str, "snprintf") || !strcmp(e->str, "sprintf") ||
	     !strcmp(e->str, "strcpy") || !strcmp(e->str, "strncpy") || !strcmp(e->str, "free")) &&
	    e->kids[0]->kind == E_VAR)
		add_var(out, e->kids[0]->var);
	for (int i = 0; i < e->nkids; i++)
		writes_expr(e->kids[i], out);
	if (e->kind == E_CALL && e->callee)
		writes_expr(e->callee, out);
}

static void writes_stmt(ir_stmt *s, varvec *out)
{
	if (!s)
		return;
	writes_expr(s->e, out);
	writes_expr(s->inc, out);
	writes_stmt(s->init, out);
	if (s->kind == S_DECL && s->var)
		add_var(out, s->var);
	for (int i = 0; i < s->nkids; i++)
		writes_stmt(s->kids[i], out);
}

/* The variables statement s may write, as writes_stmt lists them: of
 * every arm of a branch (loop 0), or of a loop's body, increment and
 * condition (loop 1).  The list depends on the IR alone, so it is built
 * once per statement: branches and loops are walked millions of times.
 * Adding its entries to a list in order (add_var) gives what writes_stmt
 * would have added. */
static const wcache_ent *stmt_writes(ctx *c, ir_stmt *s, int loop)
{
	int fresh;
	wcache_ent *e = wcache_get(c, s, loop ? WC_LOOP : WC_ARMS, &fresh);
	if (!fresh)
		return e;
	varvec w = { 0 };
	if (loop) {
		writes_stmt(s->kids[0], &w);
		writes_expr(s->inc, &w);
		writes_expr(s->e, &w);
	} else {
		for (int k = 0; k < s->nkids; k++)
			writes_stmt(s->kids[k], &w);
	}
	ir_var **v = vd_arena_alloc(c->a, (w.n ? w.n : 1) * sizeof(ir_var *));
	if (w.n)
		memcpy(v, w.v, w.n * sizeof(ir_var *));
	e->v = v;
	e->n = w.n;
	vd_vec_free(w);
	return e;
}

static ir_var *plain_var(ir_expr *e)
{
	while (e && e->kind == E_CAST && e->nkids == 1)
		e = e->kids[0];
	return e && e->kind == E_VAR ? e->var : NULL;
}

/* the step of `v` in an increment expression, or 0 when it is not one;
 * *mul is set for `v *= k` */
static int step_of(ctx *c, ir_expr *e, ir_var *v, double *step, int *mul)
{
	*mul = 0;
	if (!e)
		return 0;
	/* `i++, ctx->cur_elmt++, n++`: the comma operator's part that steps v */
	if ((e->kind == E_COMMA && !e->op) || (e->kind == E_BIN && e->op == OP_COMMA)) {
		for (int i = 0; i < e->nkids; i++)
			if (step_of(c, e->kids[i], v, step, mul))
				return 1;
		return 0;
	}
	if (e->kind == E_INCDEC && plain_var(e->kids[0]) == v) {
		*step = (e->op == OP_PREINC || e->op == OP_POSTINC) ? 1 : -1;
		return 1;
	}
	if (e->kind == E_ASSIGN && plain_var(e->kids[0]) == v) {
		val k;
		if (e->op == OP_ADD || e->op == OP_SUB || e->op == OP_MUL || e->op == OP_SHL) {
			k = eval(c, e->kids[1]);
			if (!known_num(&k))
				return 0;
			if (e->op == OP_MUL || e->op == OP_SHL) {
				*mul = 1;
				if (e->op == OP_SHL && (num(&k) < 0 || num(&k) > 62))
					return 0; /* i <<= 64: undefined, no step */
				*step = e->op == OP_MUL ? num(&k) : (double)(1LL << (int)num(&k));
				return *step > 1;
			}
			*step = e->op == OP_ADD ? num(&k) : -num(&k);
			return *step != 0;
		}
		if (e->op == OP_NONE && e->kids[1]->kind == E_BIN) {
			ir_expr *r = e->kids[1];
			ir_expr *other = NULL;
			if (plain_var(r->kids[0]) == v)
				other = r->kids[1];
			else if (r->op == OP_ADD && plain_var(r->kids[1]) == v)
				other = r->kids[0];
			if (!other || (r->op != OP_ADD && r->op != OP_SUB && r->op != OP_MUL))
				return 0;
			k = eval(c, other);
			if (!known_num(&k))
				return 0;
			if (r->op == OP_MUL) {
				*mul = 1;
				*step = num(&k);
				return *step > 1;
			}
			*step = r->op == OP_ADD ? num(&k) : -num(&k);
			return *step != 0;
		}
	}
	return 0;
}

static int count_writes(ir_stmt *s, ir_var *v)
{
	varvec w = { 0 };
	writes_stmt(s, &w);
	int n = 0;
	for (size_t i = 0; i < w.n; i++)
		n += w.v[i] == v;
	vd_vec_free(w);
	return n;
}

/* Can the loop body leave the loop early?  A `break` at this loop's level
 * (not in a nested loop or switch), a `return` or a `goto`. */
static int exits_early(const ir_stmt *s, int nested)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case S_BREAK:
		return !nested;
	case S_RETURN:
	case S_GOTO:
		return 1;
	case S_FOR:
	case S_WHILE:
	case S_DO:
	case S_SWITCH:
		/* only returns escape a nested loop or switch */
		for (int i = 0; i < s->nkids; i++)
			if (exits_early(s->kids[i], 1))
				return 1;
		return 0;
	default:
		for (int i = 0; i < s->nkids; i++)
			if (exits_early(s->kids[i], nested))
				return 1;
		return 0;
	}
}

/* Does the loop body hold a `break` of this loop's own (not one of a
 * nested loop or switch)?  A search leaves so; a loop whose only early
 * exit is an error `return` is not one. */
static int breaks_here(const ir_stmt *s)
{
	if (!s)
		return 0;
	if (s->kind == S_BREAK)
		return 1;
	if (s->kind == S_FOR || s->kind == S_WHILE || s->kind == S_DO || s->kind == S_SWITCH)
		return 0;
	for (int i = 0; i < s->nkids; i++)
		if (breaks_here(s->kids[i]))
			return 1;
	return 0;
}

/* The trip count of a loop in canonical form, or -1. */
/* Whether a loop bound can change while the loop runs: it reads a variable
 * the body (or the bound itself) writes, or calls a function (re-evaluated
 * on every test). */
/* ---- getters in loop bounds ----
 * `for (i = 0; i < ap_arguments(&parser); ++i)`, `i < vec_len(v)`: a call
 * of a project function that only reads - its body is returns and tests
 * of expressions without assignments, calls of other such functions or of
 * pure library functions - is a bound like `parser.data_size` itself: it
 * changes when what it reads changes (the variables handed to it, by
 * value or by address, and the globals its body reads), not because it is
 * a call. */
#define GETTER_DEPTH 3

static int getter_call(const ir_expr *e, int depth);

static int getter_expr(const ir_expr *e, int depth)
{
	if (!e)
		return 1;
	if (e->kind == E_ASSIGN || e->kind == E_INCDEC || e->kind == E_STMT)
		return 0;
	if (e->kind == E_CALL && !pure_libcall(e) && !getter_call(e, depth))
		return 0;
	for (int i = 0; i < e->nkids; i++)
		if (!getter_expr(e->kids[i], depth))
			return 0;
	return 1;
}

static int getter_stmt(const ir_stmt *s, int depth)
{
	if (!s)
		return 1;
	if (s->kind != S_SEQ && s->kind != S_IF && s->kind != S_RETURN && s->kind != S_NOP)
		return 0;
	if (!getter_expr(s->e, depth))
		return 0;
	for (int i = 0; i < s->nkids; i++)
		if (!getter_stmt(s->kids[i], depth))
			return 0;
	return 1;
}

/* e calls such a function directly (with arguments free of side effects) */
static int getter_call(const ir_expr *e, int depth)
{
	if (e->kind != E_CALL || e->callee || e->cat || e->ncallees != 1 || depth >= GETTER_DEPTH)
		return 0;
	const ir_func *f = e->callees[0];
	if (!f || !f->body || f->is_variadic || f->noreturn || !getter_stmt(f->body, depth + 1))
		return 0;
	for (int i = 0; i < e->nkids; i++)
		if (!getter_expr(e->kids[i], depth))
			return 0;
	return 1;
}

static int getter_node(const ir_expr *e, void *arg)
{
	(void)arg;
	return e->kind == E_CALL && getter_call(e, 0);
}

/* the globals the getters e calls read, into out */
static void getter_globals(const ir_expr *e, varvec *out, int depth);

static void getter_globals_stmt(const ir_stmt *s, varvec *out, int depth)
{
	if (!s)
		return;
	getter_globals(s->e, out, depth);
	for (int i = 0; i < s->nkids; i++)
		getter_globals_stmt(s->kids[i], out, depth);
}

static void getter_globals(const ir_expr *e, varvec *out, int depth)
{
	if (!e || depth > GETTER_DEPTH)
		return;
	if (e->kind == E_VAR && e->var->global)
		add_var(out, e->var);
	if (e->kind == E_CALL && e->ncallees == 1 && e->callees[0])
		getter_globals_stmt(e->callees[0]->body, out, depth + 1);
	for (int i = 0; i < e->nkids; i++)
		getter_globals(e->kids[i], out, depth);
}

static int bound_varies(ir_stmt *body, ir_expr *bound)
{
	varvec w = { 0 };
	writes_stmt(body, &w);
	/* a getter's `&parser` is read, not written */
	int getters = ir_any_expr(bound, getter_node, NULL) && getter_expr(bound, 0);
	if (!getters)
		writes_expr(bound, &w);
	int varies = 0;
	varvec reads = { 0 };
	if (getters)
		getter_globals(bound, &reads, 0);
	ir_expr *stack[64];
	int sp = 0;
	stack[sp++] = bound;
	while (sp) {
		ir_expr *x = stack[--sp];
		if (!x)
			continue;
		if (x->kind == E_VAR)
			add_var(&reads, x->var);
		if (x->kind == E_CALL && !(getters && getter_call(x, 0)))
			varies = 1;
		for (int i = 0; i < x->nkids && sp < 63; i++)
			stack[sp++] = x->kids[i];
	}
	for (size_t i = 0; i < reads.n; i++)
		for (size_t k = 0; k < w.n; k++)
			if (reads.v[i] == w.v[k])
				varies = 1;
	vd_vec_free(w);
	vd_vec_free(reads);
	return varies;
}

/* Iterations of `for (i = x; i OP y; i += step)` (or `i *= step` when
 * mul), or -1 when the test never settles it (a != that steps over y,
 * a comparison against the step's direction). */
static double steps_to_bound(int op, double x, double y, double step, int mul)
{
	double n = -1;
	if (mul) {
		if (x <= 0 || (op != OP_LT && op != OP_LE))
			return -1;
		n = 0;
		for (double t = x; (op == OP_LT ? t < y : t <= y) && n < 1e15; t *= step)
			n++;
		return n;
	}
	if (step > 0) {
		if (op == OP_LT)
			return x < y ? ceil((y - x) / step) : 0;
		if (op == OP_LE)
			return x <= y ? floor((y - x) / step) + 1 : 0;
		if (op == OP_NE)
			return (y >= x && fmod(y - x, step) == 0) ? (y - x) / step : -1;
		return -1;
	}
	double s2 = -step;
	if (op == OP_GT)
		return x > y ? ceil((x - y) / s2) : 0;
	if (op == OP_GE)
		return x >= y ? floor((x - y) / s2) + 1 : 0;
	if (op == OP_NE)
		return (x >= y && fmod(x - y, s2) == 0) ? (x - y) / s2 : -1;
	return -1;
}

/* A count-down loop whose test decrements its counter: `while (n--)`,
 * `for (i = n; i-- > 0;)`, `while (--k > 1)`.  Its trip count, or -1 when
 * the test is not one (or the counter is unknown). */
static double countdown_trip(ctx *c, ir_stmt *s, ir_expr *cond, ir_var **fin_var, val *fin,
			     loopctx *lc)
{
	int bin = cond->kind == E_BIN && cond->nkids == 2;
	ir_expr *dec = bin ? strip_casts(cond->kids[0]) : cond;
	int op = bin ? cond->op : OP_NE;
	if (!dec || dec->kind != E_INCDEC || (dec->op != OP_POSTDEC && dec->op != OP_PREDEC) ||
	    (op != OP_GT && op != OP_GE && op != OP_NE))
		return -1;
	ir_var *v = plain_var(dec->kids[0]);
	ir_stmt *body = s->nkids ? s->kids[0] : NULL;
	ir_expr *bound = bin ? cond->kids[1] : NULL;
	if (!v || s->inc || count_writes(body, v) > 0 || (bound && bound_varies(body, bound)))
		return -1;
	val y = { .k = V_INT, .i = 0 };
	if (bound)
		y = eval(c, bound);
	if (!known_num(&y))
		return -1;
	val a = eval_var(c, v);
	if (!known_num(&a))
		return -1;
	if (a.t & T_ASSUMED)
		c->assumed_trip = 1;
	/* the values tested: a, a-1, ... (v--) or a-1, a-2, ... (--v) */
	double first = dec->op == OP_POSTDEC ? num(&a) : num(&a) - 1;
	double n = steps_to_bound(op, first, num(&y), -1, 0);
	if (n < 0)
		return -1;
	if (s->kind == S_DO && n < 1)
		n = 1;
	lc->v = v;
	lc->start = num(&a) - 1; /* the body sees the value after the decrement */
	lc->step = -1;
	lc->mul = 0;
	lc->trip = n;
	if (exits_early(body, 0)) {
		c->early_exit = 1;
		return n;
	}
	if (a.k == V_INT && num(&a) - n - 1 >= 0) { /* not for the -1 an unsigned wraps */
		*fin_var = v;
		*fin = flt_to_int(num(&a) - n - 1, 0);
	}
	return n;
}

/* A loop bound's value before the loop; a getter it calls (bound_varies)
 * runs where the condition is walked, not here: nothing it does counts */
static val bound_value(ctx *c, ir_expr *bound)
{
	if (!ir_any_expr(bound, getter_node, NULL))
		return eval(c, bound);
	double m0 = c->mult;
	c->mult = 0;
	val b = peek(c, bound);
	c->mult = m0;
	return b;
}

static double trip_count(ctx *c, ir_stmt *s, ir_var **fin_var, val *fin, loopctx *lc)
{
	ir_expr *cond = s->e;
	while (cond && cond->kind == E_CAST && cond->nkids == 1)
		cond = cond->kids[0];
	if (cond && lc && (cond->kind == E_INCDEC || cond->kind == E_BIN)) {
		double n = countdown_trip(c, s, cond, fin_var, fin, lc);
		if (n >= 0)
			return n;
	}
	if (!cond || cond->kind != E_BIN)
		return -1;
	if (cond->op == OP_LAND) { /* `i < n && more`: i < n bounds it */
		ir_stmt tmp = *s;
		tmp.e = cond->kids[0];
		double n = trip_count(c, &tmp, fin_var, fin, lc);
		*fin_var = NULL; /* where it stops is unknown */
		if (n >= 0)
			c->early_exit = 1;
		return n;
	}
	int op = cond->op;
	if (op != OP_LT && op != OP_LE && op != OP_GT && op != OP_GE && op != OP_NE)
		return -1;
	ir_var *v = plain_var(cond->kids[0]);
	ir_expr *bound = cond->kids[1];
	if (!v || plain_var(bound) == v) {
		v = plain_var(cond->kids[1]);
		bound = cond->kids[0];
		/* mirror: b > i  ==  i < b */
		op = op == OP_LT   ? OP_GT
		     : op == OP_GT ? OP_LT
		     : op == OP_LE ? OP_GE
		     : op == OP_GE ? OP_LE
				   : op;
	}
	if (!v)
		return -1;
	/* the step: from the for increment, or a top-level statement of the body */
	double step = 0;
	int mul = 0, found = 0;
	ir_stmt *body = s->nkids ? s->kids[0] : NULL;
	if (s->kind == S_FOR && s->inc)
		found = step_of(c, s->inc, v, &step, &mul);
	int body_writes = count_writes(body, v);
	if (!found && body) {
		ir_stmt **items = body->kind == S_SEQ ? body->kids : &body;
		int ni = body->kind == S_SEQ ? body->nkids : 1;
		for (int i = 0; i < ni && !found; i++)
			if (items[i] && items[i]->kind == S_EXPR)
				found = step_of(c, items[i]->e, v, &step, &mul);
		body_writes--; /* the step itself */
	}
	if (!found || body_writes > 0)
		return -1;
	/* the bound must not change inside the loop */
	if (bound_varies(body, bound))
		return -1;
	val a = eval_var(c, v);
	val b = bound_value(c, bound);
	ir_var *bv = plain_var(bound);
	if (known_num(&a) && !known_num(&b) && bv && !mul && step > 0 &&
	    (op == OP_LT || op == OP_LE || op == OP_NE) && !c->p->opts.paths_all) {
		/* an unknown bound variable (n from a file, a library call):
		 * assumed once - n itself takes the value, so that every other
		 * loop and size that reads n agrees, and all rest on one
		 * assumption */
		val *st = storage(c, bv);
		double tn = c->p->opts.assume_trip;
		if (st && st->k == V_UNK && !(st->t & (T_RAND | T_INDIRECT))) {
			double y = num(&a) + (op == OP_LE ? tn - 1 : tn) * step;
			b = flt_to_int(y, 0);
			b.t = T_ASSUMED;
			store_val(c, st, b);
			c->assumed_var = bv;
		}
	}
	if (!known_num(&a) || !known_num(&b))
		return -1;
	if ((a.t | b.t) & T_ASSUMED)
		c->assumed_trip = 1;
	double x = num(&a), y = num(&b), n = steps_to_bound(op, x, y, step, mul);
	if (n >= 0 && s->kind == S_DO && n < 1)
		n = 1;
	if (n >= 0 && lc) {
		lc->v = v;
		lc->start = x;
		lc->step = step;
		lc->mul = mul;
		lc->trip = n;
	}
	if (n >= 0 && exits_early(body, 0)) {
		c->early_exit = 1; /* the count is an upper bound */
		return n;
	}
	if (n >= 0 && !mul && a.k == V_INT && b.k == V_INT) {
		/* the loop variable after the loop */
		*fin_var = v;
		*fin = flt_to_int(x + n * step, 0);
	}
	return n;
}

static void push_note(ctx *c, const char *n)
{
	if (c->nnotes < MAX_NOTES - 1)
		c->notes[c->nnotes++] = n;
}

/* The globals written since log position `from`: each once, with the value
 * it had before (the oldest logged).  Caller frees *out. */
typedef struct gtouch {
	int slot;
	val before;
	val acc;
	int arms;
} gtouch;

static size_t glog_touched(ctx *c, size_t from, gtouch **out)
{
	size_t n = 0;
	*out = NULL;
	if (c->glog.n <= from)
		return 0; /* the common case: no global written */
	gtouch *t = vd_xcalloc(c->glog.n - from + 1, sizeof(gtouch));
	/* each slot once, in the order first written (gscratch: seen) */
	for (size_t k = from; t && k < c->glog.n; k++) {
		int slot = c->glog.v[k].slot;
		if (c->gscratch[slot] < 0) {
			c->gscratch[slot] = (int)n;
			t[n].slot = slot;
			t[n].before = c->glog.v[k].old;
			n++;
		}
	}
	for (size_t i = 0; t && i < n; i++)
		c->gscratch[t[i].slot] = -1;
	*out = t;
	return t ? n : 0;
}

/* Undoes the global writes logged since `from`. */
static void glog_undo(ctx *c, size_t from)
{
	while (c->glog.n > from) {
		gwrite *g = &c->glog.v[--c->glog.n];
		c->globals[g->slot] = g->old;
	}
}

/* A loop's body, walked at `mult` executions.  A `continue` in it takes
 * its share of the iterations from what follows it (see S_CONTINUE in
 * exec); the increment and the next iteration run for all of them. */
static void exec_body(ctx *c, ir_stmt *s, double mult)
{
	double live = c->fr ? c->fr->live : 1;
	exec(c, s->kids[0]);
	flush_ops(c);
	c->mult = mult;
	if (c->fr && !c->fr->returned)
		c->fr->live = live;
}

/* ---- option loops ------------------------------------------------------------------ */

static int is_getopt(const ir_expr *e)
{
	return e && e->kind == E_CALL && !e->ncallees && !e->cat && e->str &&
	       (!strcmp(e->str, "getopt") || !strcmp(e->str, "getopt_long") ||
		!strcmp(e->str, "getopt_long_only")) &&
	       e->nkids >= 3;
}

typedef struct gcands {
	ir_expr *v[4];
	int n;
} gcands;

static void add_getopts(ir_expr *e, gcands *g)
{
	if (!e || g->n >= 4)
		return;
	if (is_getopt(e)) {
		g->v[g->n++] = e;
		return;
	}
	for (int i = 0; i < e->nkids; i++)
		add_getopts(e->kids[i], g);
}

/* getopt calls in a statement that runs on every iteration, or in the arms
 * of an if near the top (gzip: `if (env_argv) optc = getopt_long(env_argc,
 * ...); if (!env_argv) optc = getopt_long(argc, argv, ...);`) */
static void stmt_getopts(ir_stmt *it, int depth, gcands *g)
{
	if (!it || depth > 3)
		return;
	if (it->kind == S_SEQ) {
		for (int k = 0; k < it->nkids && k < 4; k++)
			stmt_getopts(it->kids[k], depth + 1, g);
		return;
	}
	if (it->kind == S_EXPR || it->kind == S_DECL) {
		add_getopts(it->e, g);
		return;
	}
	if (it->kind == S_IF)
		for (int a = 0; a < it->nkids; a++)
			stmt_getopts(it->kids[a], depth + 1, g);
}

/* The getopt calls that may drive a loop: in its condition
 * (`while ((c = getopt(...)) != -1)`), or in the first statements of its
 * body (`for (;;) { c = getopt_long(...); if (c == -1) break; ...}`). */
static void loop_getopts(ir_stmt *s, int *in_cond, gcands *g)
{
	g->n = 0;
	add_getopts(s->e, g);
	*in_cond = g->n > 0;
	if (g->n || !s->nkids || !s->kids[0])
		return;
	ir_stmt *b = s->kids[0];
	ir_stmt **items = b->kind == S_SEQ ? b->kids : &b;
	int n = b->kind == S_SEQ ? b->nkids : 1;
	for (int i = 0; i < n && i < 4; i++)
		stmt_getopts(items[i], 0, g);
}

/* A getopt loop with the command line known (--args): GNU getopt is
 * simulated over it, and the loop runs once per option returned, each
 * iteration walked with its option and optarg; argv is left permuted and
 * optind set as glibc leaves them.  Returns 0 when the loop is not one (or
 * its inputs are not known), and the walk goes on as for any loop. */
/* getopt_long's table of long options, from its value: their count (the
 * { 0, 0, 0, 0 } end not included) with *lo (malloc'ed), or -1 when the
 * table cannot be read (built at run time, an entry not known): then long
 * options are counted, not named. */
static int long_options(ctx *c, ir_expr *table, vd_longopt **lo)
{
	val lv = eval(c, table);
	*lo = NULL;
	if (lv.k != V_ARR || !lv.a->v)
		return -1;
	vd_longopt *v = vd_xcalloc((size_t)lv.a->n + 1, sizeof(*v));
	int n = 0;
	for (int i = 0; i < lv.a->n; i++) {
		val ent = ARR_AT(lv.a, i);
		if (ent.k == V_INT && ent.i == 0 && !ent.t) /* a zero element: the end */
			break;
		if (ent.k != V_ARR || !ent.a->v || ent.a->n < 4)
			return free(v), -1;
		val nm = ARR_AT(ent.a, 0), ha = ARR_AT(ent.a, 1), fl = ARR_AT(ent.a, 2),
		    vv = ARR_AT(ent.a, 3);
		if (nm.k != V_STR) /* the { 0, 0, 0, 0 } end */
			break;
		if (ha.k != V_INT || vv.k != V_INT)
			return free(v), -1;
		v[n].name = nm.s;
		v[n].has_arg = (int)ha.i;
		v[n].has_flag = !(fl.k == V_INT && fl.i == 0);
		v[n].val = (int)vv.i;
		n++;
	}
	*lo = v;
	return n;
}

static int exec_getopt_loop(ctx *c, ir_stmt *s, double reach)
{
	int in_cond = 0;
	gcands cands = { { 0 }, 0 };
	if (!c->p->opts.args || c->gopt_call)
		return 0;
	loop_getopts(s, &in_cond, &cands);
	/* the one whose command line is known: the program's argv */
	ir_expr *g = NULL;
	val ac = unk(0), av = unk(0), os = unk(0);
	double ops0 = c->ops;
	for (int k = 0; k < cands.n && !g; k++) {
		ir_expr *e = cands.v[k];
		if (!expr_pure(e->kids[0]) || !expr_pure(e->kids[1]) || !expr_pure(e->kids[2]))
			continue;
		ac = eval(c, e->kids[0]), av = eval(c, e->kids[1]), os = eval(c, e->kids[2]);
		if (ac.k == V_INT && av.k == V_ARR && av.a->v && ac.i >= 1 && ac.i <= av.a->n)
			g = e;
	}
	c->ops = ops0;
	if (!g)
		return 0;
	int argc = (int)ac.i, ok = 1;
	const char **argv = vd_xcalloc((size_t)argc + 1, sizeof(char *));
	for (int i = 0; i < argc; i++) {
		val w = ARR_AT(av.a, i);
		if (w.k != V_STR)
			ok = 0;
		argv[i] = w.s;
	}
	vd_longopt *lo = NULL;
	int nlong = 0;
	if (ok && strcmp(g->str, "getopt") != 0 && g->nkids >= 4)
		nlong = long_options(c, g->kids[3], &lo);
	c->ops = ops0;
	vd_getopt_result r = { 0 };
	if (!ok || vd_getopt_sim(argv, argc, os.k == V_STR ? os.s : NULL, lo, nlong,
				 !strcmp(g->str, "getopt_long_only"), &r) != 0) {
		free(argv);
		free(lo);
		return 0;
	}
	enter(c, s->block, reach, reach * r.n, c->unk, NULL);
	c->gopt_call = g;
	c->gopt_long = lo;
	c->mult = reach;
	for (int k = 0; k < r.n && !(c->fr && c->fr->returned); k++) {
		c->gopt_next = &r.ev[k];
		if (s->e)
			eval(c, s->e);
		flush_ops(c);
		exec_body(c, s, reach);
		if (s->inc)
			eval(c, s->inc);
		flush_ops(c);
		c->mult = reach;
	}
	c->gopt_next = NULL;
	if (in_cond && !(c->fr && c->fr->returned))
		eval(c, s->e); /* the call that returns -1 */
	flush_ops(c);
	c->gopt_call = NULL;
	c->gopt_long = NULL;
	/* argv as getopt leaves it, and optind */
	if (!av.a->v)
		av.a->v = arr_elems(c, av.a);
	for (int i = 0; i < r.nperm && i < av.a->n; i++) {
		av.a->v[i] = vstr(r.perm[i]);
		if (i > 0 && i < r.optind) /* options and their arguments */
			argv_seen(c, &av.a->v[i]);
	}
	val *oi = global_named(c, "optind");
	if (oi)
		store_val(c, oi, vint(r.optind));
	leave(c, s->block);
	vd_getopt_result_free(&r);
	free(argv);
	free(lo);
	return 1;
}

static void pointee_fields_stmt(ctx *c, ir_stmt *s);

/* `p->f = x`, `p->n++` in a loop: the field of the struct p points to
 * varies per iteration (r_stale: a config loader's `c->n = atoi(...)` in
 * its fgets loop; a writer's `w->nrec++`) */
static void pointee_fields_vary(ctx *c, ir_expr *e)
{
	if (!e)
		return;
	if ((e->kind == E_ASSIGN || e->kind == E_INCDEC) && e->nkids >= 1) {
		ir_expr *l = e->kids[0];
		while (l->kind == E_CAST && l->nkids == 1)
			l = l->kids[0];
		if (l->kind == E_MEMBER && l->nkids == 1 && l->str && l->kids[0]->kind == E_VAR &&
		    l->kids[0]->var->is_pointer) {
			val *st = storage(c, l->kids[0]->var);
			if (st && st->k == V_REF && ref_live(c, st)) {
				field_val *f = field_slot(c, st->ref, l->str, 1);
				if (f && f->v.k != V_ARR && f->v.k != V_MEM && f->v.k != V_HANDLE)
					f->v = unk(T_VARY);
			}
		}
	}
	if (e->kind == E_STMT)
		pointee_fields_stmt(c, e->stmt);
	for (int i = 0; i < e->nkids; i++)
		pointee_fields_vary(c, e->kids[i]);
}

static void pointee_fields_stmt(ctx *c, ir_stmt *s)
{
	if (!s)
		return;
	pointee_fields_vary(c, s->e);
	pointee_fields_vary(c, s->inc);
	pointee_fields_stmt(c, s->init);
	for (int i = 0; i < s->nkids; i++)
		pointee_fields_stmt(c, s->kids[i]);
}

/* The globals (and static locals) a function writes, itself or through the
 * project functions it calls, computed once per function (a cycle of calls
 * gives what was found before it closed). */
typedef struct gwrites {
	ir_var **v;
	int n;
	int busy;
} gwrites;

static void callee_globals_stmt(ctx *c, ir_stmt *s, varvec *out);

static const gwrites *func_globals(ctx *c, ir_func *f)
{
	if (!f->usr || !f->body)
		return NULL;
	if (!c->gwrites)
		c->gwrites = vd_map_new();
	gwrites *g = vd_map_get(c->gwrites, f->usr);
	if (g)
		return g->busy ? NULL : g;
	g = vd_arena_alloc(c->a, sizeof(*g));
	g->busy = 1;
	vd_map_put(c->gwrites, f->usr, g);
	varvec w = { 0 }, gl = { 0 };
	writes_stmt(f->body, &w);
	callee_globals_stmt(c, f->body, &gl);
	for (size_t i = 0; i < w.n; i++)
		if (w.v[i]->global)
			add_var(&gl, w.v[i]);
	g->v = vd_arena_alloc(c->a, (gl.n + 1) * sizeof(ir_var *));
	if (gl.n)
		memcpy(g->v, gl.v, gl.n * sizeof(ir_var *));
	g->n = (int)gl.n;
	g->busy = 0;
	vd_vec_free(w);
	vd_vec_free(gl);
	return g;
}

static void callee_globals_expr(ctx *c, ir_expr *e, varvec *out)
{
	if (!e)
		return;
	if (e->kind == E_CALL && !e->cat)
		for (int k = 0; k < e->ncallees; k++) {
			const gwrites *g = func_globals(c, e->callees[k]);
			for (int i = 0; g && i < g->n; i++)
				add_var(out, g->v[i]);
		}
	if (e->kind == E_STMT)
		callee_globals_stmt(c, e->stmt, out);
	for (int i = 0; i < e->nkids; i++)
		callee_globals_expr(c, e->kids[i], out);
}

static void callee_globals_stmt(ctx *c, ir_stmt *s, varvec *out)
{
	if (!s)
		return;
	callee_globals_expr(c, s->e, out);
	callee_globals_expr(c, s->inc, out);
	callee_globals_stmt(c, s->init, out);
	for (int i = 0; i < s->nkids; i++)
		callee_globals_stmt(c, s->kids[i], out);
}

/* Is e made of constants and variables not in w only (no member, index,
 * dereference or call, whose storage the loop may reach otherwise)? */
static int expr_fixed(const ir_expr *e, const varvec *w)
{
	if (!e)
		return 1;
	switch (e->kind) {
	case E_INT:
	case E_FLOAT:
	case E_STR:
		return 1;
	case E_VAR:
		for (size_t i = 0; i < w->n; i++)
			if (w->v[i] == e->var)
				return 0;
		return 1;
	case E_UN:
		if (e->op == OP_DEREF || e->op == OP_ADDR)
			return 0;
		break;
	case E_BIN:
	case E_CAST:
	case E_COND:
		break;
	default:
		return 0;
	}
	for (int i = 0; i < e->nkids; i++)
		if (!expr_fixed(e->kids[i], w))
			return 0;
	return 1;
}

/* Does loop s's condition keep its value while the loop runs - `do { ... }
 * while (!exit_backend)`, a flag another thread or a signal handler sets -
 * because nothing the loop or its callees write appears in it?  Such a
 * loop is left by a break or return only, like `for (;;)`. */
/* What loop s writes and the globals the functions it calls write, in
 * that order, each once: computed once per loop (the callees' sets are
 * fixed once func_globals made them; rebuilding this per execution was
 * quadratic in the number of globals on HDF5) */
static const wcache_ent *loop_writes(ctx *c, ir_stmt *s)
{
	int fresh;
	wcache_ent *e = wcache_get(c, s, WC_VARY, &fresh);
	if (!fresh)
		return e;
	varvec w = { 0 };
	const wcache_ent *own = stmt_writes(c, s, 1);
	for (size_t i = 0; i < own->n; i++)
		add_var(&w, own->v[i]);
	callee_globals_stmt(c, s->kids[0], &w);
	callee_globals_expr(c, s->e, &w);
	callee_globals_expr(c, s->inc, &w);
	e = wcache_get(c, s, WC_VARY, &fresh); /* the table may have grown */
	e->v = vd_arena_alloc(c->a, (w.n ? w.n : 1) * sizeof(ir_var *));
	if (w.n)
		memcpy(e->v, w.v, w.n * sizeof(ir_var *));
	e->n = w.n;
	vd_vec_free(w);
	return e;
}

/* e is true now and stays so: it is fixed, or a `||` one of whose sides
 * is (`amount < 0 || red < amount` with amount -1: the body adds to red,
 * but the left side alone keeps the loop going) */
static int fixed_true(ctx *c, ir_expr *e, const varvec *w)
{
	e = strip_casts(e);
	if (!e)
		return 0;
	if (expr_fixed(e, w)) {
		val v = peek(c, e);
		return truth(&v) > 0;
	}
	return e->kind == E_BIN && e->op == OP_LOR && e->nkids == 2 &&
	       (fixed_true(c, e->kids[0], w) || fixed_true(c, e->kids[1], w));
}

static int cond_fixed(ctx *c, ir_stmt *s)
{
	const wcache_ent *lw = loop_writes(c, s);
	varvec w = { lw->v, lw->n, lw->n };
	return expr_fixed(s->e, &w) || fixed_true(c, s->e, &w);
}

/* Inside a loop walked once for all its iterations, every scalar it writes
 * (body, increment, condition) varies per iteration: *w gets them. */
static void loop_vary(ctx *c, ir_stmt *s, varvec *w)
{
	/* with what the functions it calls write (a header-once static flag,
	 * a record counter, a cache's count): that changes from one iteration
	 * to the next too */
	const wcache_ent *lw = loop_writes(c, s);
	if (!w->n && lw->n) { /* distinct already */
		vd_vec_reserve(*w, lw->n);
		memcpy(w->v, lw->v, lw->n * sizeof(ir_var *));
		w->n = lw->n;
	} else {
		for (size_t i = 0; i < lw->n; i++)
			add_var(w, lw->v[i]);
	}
	for (size_t i = 0; i < w->n; i++) {
		val *st = storage(c, w->v[i]);
		if (st && st->k != V_MEM && st->k != V_ARR && st->k != V_HANDLE)
			store_val(c, st, unk(T_VARY | (st->k == V_UNK ? st->t : 0)));
	}
	pointee_fields_stmt(c, s->kids[0]);
	pointee_fields_vary(c, s->e);
	pointee_fields_vary(c, s->inc);
}

/* ---- change tests ----
 * `if (pct / 10 != last) { last = pct / 10; report(); }` in a loop walked
 * once: the arm runs when the tested value changes, which a heuristic's
 * 0.2 of the passes does not say.  When the value is computed, by the
 * statements before the test at the top level of the body, from
 * accumulators the body steps by a known amount (`done += r`, r a read's
 * share of its file) and from known values, it is tried on every pass in
 * turn (change_prob). */
#define CHANGE_MAX 100000 /* passes tried one by one, at most */
#define CHANGE_VARS 8     /* variables recomputed per pass, at most */

/* Are two expressions the same code (`pct / 10` tested and saved)? */
static int expr_same(const ir_expr *a, const ir_expr *b)
{
	if (!a || !b)
		return a == b;
	if (a->kind != b->kind || a->op != b->op || a->nkids != b->nkids || a->ival != b->ival ||
	    a->fval < b->fval || a->fval > b->fval || a->kind == E_CALL || a->kind == E_STMT ||
	    a->kind == E_STR || a->kind == E_UNKNOWN)
		return 0;
	if (a->kind == E_VAR && a->var != b->var)
		return 0;
	if (a->kind == E_MEMBER && (!a->str || !b->str || strcmp(a->str, b->str)))
		return 0;
	for (int i = 0; i < a->nkids; i++)
		if (!expr_same(a->kids[i], b->kids[i]))
			return 0;
	return 1;
}

typedef struct wcount {
	const ir_var *v;
	int n;
} wcount;

static int count_writes_at(const ir_expr *e, void *arg)
{
	wcount *w = arg;
	if ((e->kind == E_ASSIGN || e->kind == E_INCDEC) && e->nkids >= 1 &&
	    plain_var(e->kids[0]) == w->v)
		w->n++;
	else if (e->kind == E_UN && e->op == OP_ADDR && e->nkids == 1 &&
		 plain_var(e->kids[0]) == w->v)
		w->n += 100; /* its address taken: written who knows where */
	return 0;
}

/* How many places in s write v (declarations with an initializer too) */
static int writes_of(const ir_stmt *s, const ir_var *v)
{
	if (!s)
		return 0;
	wcount w = { v, 0 };
	ir_any_expr(s->e, count_writes_at, &w);
	ir_any_expr(s->inc, count_writes_at, &w);
	int n = w.n + (s->kind == S_DECL && s->var == v) + writes_of(s->init, v);
	for (int i = 0; i < s->nkids; i++)
		n += writes_of(s->kids[i], v);
	return n;
}

/* The top-level statements of a body: its items, a block of one unwrapped */
static ir_stmt *item_at(ir_stmt *body, int i)
{
	ir_stmt *it = body->kind == S_SEQ ? body->kids[i] : body;
	return it && it->kind == S_SEQ && it->nkids == 1 ? it->kids[0] : it;
}

static int items_of(const ir_stmt *body)
{
	return body->kind == S_SEQ ? body->nkids : 1;
}

/* Does the arm save `te` in v at its top level (`last = pct / 10;`)? */
static int saves_in_arm(ir_stmt *arm, const ir_var *v, const ir_expr *te)
{
	for (int i = 0; arm && i < items_of(arm); i++) {
		ir_stmt *it = item_at(arm, i);
		ir_expr *e = it && it->kind == S_EXPR ? it->e : NULL;
		if (e && e->kind == E_ASSIGN && e->op == OP_NONE && e->nkids == 2 &&
		    plain_var(e->kids[0]) == v && expr_same(strip_casts(e->kids[1]), te))
			return 1;
	}
	return 0;
}

/* What v held before the loop, NULL when the loop does not write it */
static const val *pre_value(const onceloop *L, const ir_var *v)
{
	for (size_t i = 0; i < L->n; i++)
		if (L->vars[i] == v ||
		    (v->global && L->vars[i]->global && L->vars[i]->slot == v->slot))
			return &L->pre[i];
	return NULL;
}

typedef struct passvar {
	val *st, old;
	ir_expr *e;      /* recomputed per pass, or NULL: an accumulator */
	double a0, step; /* accumulator: a0 + k * step on pass k */
	int flt;
} passvar;

/* The variables the statements before the test (item `at`) set: an
 * accumulator stepped by a known amount (`done += r`, `n++`), written
 * nowhere else in the body and known before the loop, or a variable set
 * from side-effect-free code (`int pct = done * 100 / total;`).  Returns
 * how many accumulators, -1 when one cannot be used. */
static int pass_vars(ctx *c, const onceloop *L, ir_stmt *body, int at, passvar *pv, int *np)
{
	int nacc = 0;
	*np = 0;
	for (int i = 0; i < at; i++) {
		ir_stmt *it = item_at(body, i);
		ir_expr *e = it && it->kind == S_EXPR ? it->e : NULL;
		ir_var *d = NULL;
		ir_expr *rhs = NULL;
		double sign = 0;
		if (it && it->kind == S_DECL && it->var && it->e && expr_pure(it->e)) {
			d = it->var, rhs = it->e;
		} else if (e && e->kind == E_ASSIGN && e->nkids == 2 && expr_pure(e->kids[1]) &&
			   (e->op == OP_NONE || e->op == OP_ADD || e->op == OP_SUB)) {
			d = plain_var(e->kids[0]), rhs = e->kids[1];
			sign = e->op == OP_ADD ? 1 : e->op == OP_SUB ? -1 : 0;
		} else if (e && e->kind == E_INCDEC && e->nkids == 1) {
			d = plain_var(e->kids[0]);
			sign = e->op == OP_PREINC || e->op == OP_POSTINC ? 1 : -1;
		}
		if (!d || d->global || d->array_len > 0 || d->is_struct || d->is_pointer)
			continue;
		val *st = storage(c, d);
		if (!st || *np >= CHANGE_VARS)
			return -1;
		passvar *v = &pv[(*np)++];
		*v = (passvar){ st, *st, sign != 0 ? NULL : rhs, 0, sign, d->is_float };
		if (sign == 0)
			continue;
		const val *a0 = pre_value(L, d);
		val sv = rhs ? eval(c, rhs) : vint(1);
		if (writes_of(body, d) != 1 || !a0 || !known_num(a0) || !known_num(&sv))
			return -1;
		v->a0 = num(a0);
		v->step = sign * num(&sv);
		nacc++;
	}
	return nacc;
}

/* The share of the loop's passes in which the change test s holds: `E !=
 * v` (or `v != E`), its arm saving E in v, v written nowhere else in the
 * body and known before the loop, s a top-level statement of the body of
 * the innermost loop walked once.  Each pass k sets the accumulators to
 * their start plus k steps, recomputes the variables set from them, and
 * counts a change when E differs from the value saved (v's start first). */
static int change_prob(ctx *c, ir_stmt *s, double *p)
{
	if (c->p->opts.paths_all || !c->chg_loops.n)
		return 0;
	const onceloop *L = &c->chg_loops.v[c->chg_loops.n - 1];
	ir_stmt *body = L->s->nkids ? L->s->kids[0] : NULL;
	ir_expr *cond = strip_casts(s->e);
	if (L->fr != c->fr || !body || L->trip < 2 || L->trip > CHANGE_MAX || !cond ||
	    cond->kind != E_BIN || cond->op != OP_NE || cond->nkids != 2 || !s->nkids)
		return 0;
	/* v is the side the arm saves the other in */
	ir_var *sv = plain_var(cond->kids[0]);
	ir_expr *te = strip_casts(cond->kids[1]);
	if (!sv || !saves_in_arm(s->kids[0], sv, te)) {
		sv = plain_var(cond->kids[1]);
		te = strip_casts(cond->kids[0]);
	}
	const val *v0 = sv ? pre_value(L, sv) : NULL;
	if (!v0 || !known_num(v0) || !expr_pure(te) || expr_uses(te, sv) ||
	    !saves_in_arm(s->kids[0], sv, te) || writes_of(body, sv) != 1)
		return 0;
	int at = -1;
	for (int i = 0; i < items_of(body) && at < 0; i++)
		if (item_at(body, i) == s)
			at = i;
	passvar pv[CHANGE_VARS];
	int np = 0;
	double ops0 = c->ops;
	long steps0 = c->steps;
	int nacc = at > 0 ? pass_vars(c, L, body, at, pv, &np) : -1;
	long n = (long)floor(L->trip + 0.5);
	double prev = num(v0), hits = 0;
	int ok = nacc > 0;
	for (long k = 1; k <= n && ok; k++) {
		for (int j = 0; j < np; j++) {
			double x = pv[j].a0 + (double)k * pv[j].step;
			*pv[j].st = pv[j].e     ? eval(c, pv[j].e)
				    : pv[j].flt ? vflt(x)
						: flt_to_int(x, 0);
		}
		val r = eval(c, te);
		ok = known_num(&r);
		double x = ok ? num(&r) : 0;
		hits += x < prev || x > prev;
		prev = x;
	}
	for (int j = np; j-- > 0;)
		*pv[j].st = pv[j].old;
	c->ops = ops0;
	c->steps = steps0;
	if (!ok)
		return 0;
	*p = hits / (double)n;
	return 1;
}

/* ---- handles opened on demand ----
 * `if (!cur || cur_size + len > limit) open_next();` with open_next doing
 * `if (cur) fclose(cur); cur = fopen(name, "w");`: cur is NULL before its
 * first open only.  Inside a loop walked once that starts with it NULL, a
 * test of it at a place the walk reaches m times (expected) finds it NULL
 * once: with probability 1 / m; after stores expected at least once, it
 * is never NULL.  Only for a pointer every store into which, anywhere in
 * the project, is an open's or an allocation's result (calls succeed). */
typedef struct lazyscan {
	const ir_var *v;
	int bad;
} lazyscan;

static int same_var(const ir_var *a, const ir_var *b)
{
	return a == b || (a->global && b->global && a->slot == b->slot);
}

static int lazy_bad_at(const ir_expr *e, void *arg)
{
	lazyscan *a = arg;
	ir_var *w = (e->kind == E_ASSIGN || e->kind == E_INCDEC ||
		     (e->kind == E_UN && e->op == OP_ADDR)) &&
				    e->nkids >= 1
			    ? plain_var(e->kids[0])
			    : NULL;
	if (!w || !same_var(w, a->v))
		return 0;
	ir_expr *r = e->kind == E_ASSIGN && e->op == OP_NONE && e->nkids == 2
			     ? strip_casts(e->kids[1])
			     : NULL;
	int opens = r && r->kind == E_CALL &&
		    ((r->cat && r->cat->op == VD_OP_OPEN) ||
		     (r->str && (!strcmp(r->str, "malloc") || !strcmp(r->str, "calloc") ||
				 !strcmp(r->str, "strdup"))));
	a->bad |= !opens;
	return a->bad;
}

static lazyptr *lazy_of(ctx *c, const ir_var *v, int create)
{
	for (size_t i = 0; i < c->lazyptrs.n; i++)
		if (same_var(c->lazyptrs.v[i].var, v))
			return &c->lazyptrs.v[i];
	if (!create)
		return NULL;
	lazyscan a = { v, 0 };
	for (size_t i = 0; i < c->p->funcs.n && !a.bad; i++)
		if (c->p->funcs.v[i]->body)
			ir_any_stmt(c->p->funcs.v[i]->body, lazy_bad_at, &a);
	lazyptr lp = { v, !a.bad, 0 };
	if (vd_vec_push(c->lazyptrs, lp))
		return NULL;
	return &c->lazyptrs.v[c->lazyptrs.n - 1];
}

static void lazy_write(ctx *c, const ir_var *v)
{
	lazyptr *lp = lazy_of(c, v, 0);
	if (lp)
		lp->writes += c->mult > 0 ? c->mult : 0;
}

/* The chance that such a pointer `x` (a variable) is NULL here, -1 when
 * the rule does not apply */
static double lazy_null(ctx *c, ir_expr *x)
{
	ir_var *v = plain_var(x);
	if (!v || !v->is_pointer || c->p->opts.paths_all)
		return -1;
	val *st = storage(c, v);
	if (!st || st->k != V_UNK)
		return -1;
	/* NULL before the innermost loop walked once: the project is scanned
	 * for its stores once (only for such pointers, to keep it cheap) */
	const val *pre = c->chg_loops.n ? pre_value(&c->chg_loops.v[c->chg_loops.n - 1], v) : NULL;
	int fresh = pre && pre->k == V_INT && pre->i == 0;
	lazyptr *lp = lazy_of(c, v, fresh);
	if (!lp || !lp->ok)
		return -1;
	if (fresh)
		return c->mult > 1 ? 1 / c->mult : 1;
	return lp->writes >= 1 ? 0 : -1;
}

/* `v`, `!v`, `v == NULL`, `v != NULL` of such a pointer: *p the chance it
 * holds; `a || b` of two conditions with such a chance or a buffer-fill
 * share (fill_prob): pa + (1 - pa) pb */
static int lazy_prob(ctx *c, ir_expr *cond, double *p)
{
	cond = strip_casts(cond);
	if (!cond || c->p->opts.paths_all)
		return 0;
	if (cond->kind == E_BIN && cond->op == OP_LOR && cond->nkids == 2) {
		double pa, pb;
		if ((lazy_prob(c, cond->kids[0], &pa) || fill_prob(c, cond->kids[0], &pa)) &&
		    (lazy_prob(c, cond->kids[1], &pb) || fill_prob(c, cond->kids[1], &pb))) {
			*p = pa + (1 - pa) * pb;
			return 1;
		}
		return 0;
	}
	int neg = 0;
	if (cond->kind == E_UN && cond->op == OP_NOT && cond->nkids == 1)
		neg = 1, cond = strip_casts(cond->kids[0]);
	else if (cond->kind == E_BIN && (cond->op == OP_EQ || cond->op == OP_NE) &&
		 cond->nkids == 2 && strip_casts(cond->kids[1])->kind == E_INT &&
		 strip_casts(cond->kids[1])->ival == 0)
		neg = cond->op == OP_EQ, cond = strip_casts(cond->kids[0]);
	double pn = lazy_null(c, cond);
	if (pn < 0)
		return 0;
	*p = neg ? pn : 1 - pn;
	return 1;
}

/* A loop about to be walked once for trip iterations (2 or more): what
 * the variables it writes hold before it, for its change tests */
static void change_loop_push(ctx *c, ir_stmt *s, double trip)
{
	if (trip < 2)
		return;
	const wcache_ent *lw = loop_writes(c, s);
	onceloop L = { s, c->fr, trip, lw->v, NULL, lw->n };
	if (lw->n) {
		L.pre = vd_xcalloc(lw->n, sizeof(val));
		for (size_t i = 0; i < lw->n; i++) {
			val *st = storage(c, lw->v[i]);
			L.pre[i] = st ? *st : unk(0);
		}
	}
	if (vd_vec_push(c->chg_loops, L))
		free(L.pre);
}

/* ... and after it (nothing when it was not pushed) */
static void change_loop_pop(ctx *c, const ir_stmt *s)
{
	if (!c->chg_loops.n || c->chg_loops.v[c->chg_loops.n - 1].s != s)
		return;
	free(c->chg_loops.v[--c->chg_loops.n].pre);
}

/* After it: they keep what the body left, no longer varying; frees *w. */
static void loop_settle(ctx *c, varvec *w)
{
	for (size_t i = 0; i < w->n; i++) {
		val *st = storage(c, w->v[i]);
		if (st && st->k == V_UNK)
			st->t &= ~(unsigned)T_VARY;
	}
	vd_vec_free(*w);
}

/* ---- loops run iteration by iteration ------------------------------------------------ */

#define CONCRETE_MAX 1024       /* iterations */
#define CONCRETE_STEPS 2000000L /* walk steps */
/* loops run one by one nest this deep under an option loop over argv (its
 * words, the characters of a word of grouped flags, the digits of a number
 * in it); elsewhere two */
#define CONCRETE_DEPTH 4
#define CONCRETE_SHORT 16 /* a short counted loop's iterations (exec_concrete_loop) */
/* a loop reading a followed input (content_loop): one iteration per line
 * or record of a text of up to CONTENT_MAX_BYTES */
#define CONTENT_MAX 20000
#define CONTENT_STEPS 4000000L
/* a counted loop run for the state it carries: all its iterations when
 * they cost this many walk steps in all, at most */
#define CARRIED_STEPS 300000L
/* ... and a loop over a NetCDF input's variables, dimensions or attributes
 * (each iteration asks about its own one, nc_inquires): in a program built
 * with the library's sources each iteration also walks the library's code
 * for the data and attribute reads */
#define NC_CARRIED_STEPS 2000000L
/* a `for (;;)` still running after this many walk steps is not one left
 * by a decided exit soon (xz's encoder waits on a condition another thread
 * sets): the rest is walked as a loop of unknown count before it eats the
 * evaluation budget.  A short body may still run CONCRETE_MAX times
 * (`while (1) { ...; if (++it == n) break; }` with n = 500). */
#define FOREVER_MAX CONCRETE_MAX
#define FOREVER_STEPS 200000L

static void annotate(ctx *c, int block, unsigned unknown, const char *n)
{
	if (block >= 0 && c->v->annotate)
		c->v->annotate(c->v->payload, block, unknown, n);
}

static void set_iters(ctx *c, int block, double iters)
{
	if (block >= 0 && c->v->iterations)
		c->v->iterations(c->v->payload, block, iters);
}

#define CONCRETE_ARGV 256 /* arguments of an option loop run one by one */

static int mentions_argc(const ir_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == E_VAR && e->var && e->var->name && !strcmp(e->var->name, "argc"))
		return 1;
	for (int i = 0; i < e->nkids; i++)
		if (mentions_argc(e->kids[i]))
			return 1;
	return 0;
}

/* A project function handed the address of a pointer holding known text,
 * `get_next_str(&str)`: a hand-written strsep, which returns the next
 * piece and moves the pointer past it (NULL at the end) */
static int own_tokenizer(ctx *c, ir_expr *e)
{
	for (int i = 0; i < e->nkids; i++) {
		ir_expr *a = strip_casts(e->kids[i]);
		if (a->kind != E_UN || a->op != OP_ADDR || a->nkids != 1)
			continue;
		ir_expr *v = strip_casts(a->kids[0]);
		if (v->kind != E_VAR || !v->var || !v->var->is_pointer)
			continue;
		val *st = storage(c, v->var);
		if (st && st->k == V_STR)
			return 1;
	}
	return 0;
}

/* The tokenizer call in a loop's condition whose text is known now:
 * `while ((tok = strsep(&p, ",")) != NULL)` with p's text known,
 * `while ((t = strtok_r(NULL, " ", &save)))` with save's, or a project
 * function's `while ((s = next_piece(&p)) != NULL)` (own_tokenizer); the
 * condition's other parts have no side effects.  Such a loop runs token
 * by token. */
/* A condition calling a project function handed the address of a struct
 * that holds argv - `while ((optc = acc_getopt(&g, shortopts, longopts,
 * NULL)) >= 0)` after `acc_getopt_init(&g, 1, argc, argv)`: a getopt of
 * the program's own, which walks the --args words as getopt does */
static int argv_parser_cond(ctx *c, const ir_expr *e)
{
	if (!e || !c->argv_arr)
		return 0;
	if (e->kind == E_CALL && e->ncallees == 1) {
		for (int i = 0; i < e->nkids; i++) {
			const ir_expr *a = strip_casts(e->kids[i]);
			if (a->kind != E_UN || a->op != OP_ADDR || a->nkids != 1)
				continue;
			const ir_expr *v = strip_casts(a->kids[0]);
			val *st =
				v->kind == E_VAR && !v->var->is_pointer ? storage(c, v->var) : NULL;
			fieldvec *list = st ? fields_of(c, st) : NULL;
			for (size_t k = 0; list && k < list->n; k++)
				if (list->v[k].owner == st && list->v[k].v.k == V_ARR &&
				    list->v[k].v.a == c->argv_arr)
					return 1;
		}
	}
	for (int i = 0; i < e->nkids; i++)
		if (argv_parser_cond(c, e->kids[i]))
			return 1;
	return 0;
}

/* A scan over the characters of a known text whose only side effect is
 * the step of its pointer: `while (*++(*argv))` over a word of grouped
 * flags (`-fv`), `while (*p++)`, `while (*++s != '\0')` */
static int char_scan_cond(ctx *c, ir_expr *e)
{
	e = strip_casts(e);
	if (e && e->kind == E_BIN && (e->op == OP_NE || e->op == OP_EQ) && e->nkids == 2 &&
	    strip_casts(e->kids[1])->kind == E_INT)
		e = strip_casts(e->kids[0]);
	if (!e || e->kind != E_UN || e->op != OP_DEREF || e->nkids != 1)
		return 0;
	ir_expr *i = strip_casts(e->kids[0]);
	if (i->kind != E_INCDEC || i->nkids != 1 || !expr_pure(i->kids[0]))
		return 0;
	val v = peek(c, i->kids[0]);
	return v.k == V_STR && v.s;
}

static int tokenizer_cond(ctx *c, ir_expr *e, int *calls)
{
	if (!e)
		return 1;
	if (e->kind == E_CALL) {
		int ri = e->str && !strcmp(e->str, "strsep")     ? 0
			 : e->str && !strcmp(e->str, "strtok_r") ? 2
								 : -1;
		if (ri < 0 && e->ncallees == 1 && own_tokenizer(c, e)) {
			(*calls)++;
			return 1;
		}
		if (ri < 0 || e->nkids <= ri || !expr_pure(e->kids[ri]) ||
		    (ri == 2 && !expr_pure(e->kids[0])))
			return 0;
		val r = peek(c, e->kids[ri]);
		if (r.k != V_REF || !ref_live(c, &r) || r.ref->k != V_STR) {
			val a0 = ri == 2 ? peek(c, e->kids[0]) : unk(0);
			if (a0.k != V_STR) /* strtok_r(s, ...) starts on s */
				return 0;
		}
		(*calls)++;
		return 1;
	}
	if (e->kind == E_ASSIGN && e->op == OP_NONE && e->nkids == 2)
		return expr_pure(e->kids[0]) && tokenizer_cond(c, e->kids[1], calls);
	if (e->kind == E_STMT)
		return 0;
	if (expr_pure(e))
		return 1;
	for (int i = 0; i < e->nkids; i++)
		if (!tokenizer_cond(c, e->kids[i], calls))
			return 0;
	return 1;
}

/* Whether a loop's iterations may hand state to the next one through the
 * functions it calls: globals or static locals they write (func_globals),
 * or an object whose address the body passes them (`csv_row(&w, ...)`
 * counting records in w->nrec, a pointer to a struct).  Walked once, such
 * a loop would read that state at its value before the loop; run one
 * iteration after the other it is exact. */
/* Does `at` hold at some expression node of the statement tree s (its
 * conditions, increments, initializers, sub-statements, and the statements
 * of statement expressions), or of the expression e?  `at` sees every node
 * and does not look inside it itself. */
static int ir_any_expr(const ir_expr *e, node_test at, void *arg)
{
	if (!e)
		return 0;
	if (at(e, arg))
		return 1;
	if (e->kind == E_STMT && ir_any_stmt(e->stmt, at, arg))
		return 1;
	for (int i = 0; i < e->nkids; i++)
		if (ir_any_expr(e->kids[i], at, arg))
			return 1;
	return 0;
}

static int ir_any_stmt(const ir_stmt *s, node_test at, void *arg)
{
	if (!s)
		return 0;
	if (ir_any_expr(s->e, at, arg) || ir_any_expr(s->inc, at, arg) ||
	    ir_any_stmt(s->init, at, arg))
		return 1;
	for (int i = 0; i < s->nkids; i++)
		if (ir_any_stmt(s->kids[i], at, arg))
			return 1;
	return 0;
}

/* an element picked by a computed index: `n->kids[k]`, `items[i]` */
static int indexed(const ir_expr *e)
{
	if (!e)
		return 0;
	if (e->kind == E_INDEX && e->nkids == 2 && e->kids[1]->kind != E_INT)
		return 1;
	for (int i = 0; i < e->nkids; i++)
		if (indexed(e->kids[i]))
			return 1;
	return 0;
}

/* a call handing its callee a pointer, an address, or an element picked
 * per iteration (the children of a tree node: `dump(o, n->kids[k],
 * depth + 1)`) */
static int passes_state_at(const ir_expr *e, void *arg)
{
	(void)arg;
	if (e->kind == E_CALL && !e->cat && e->ncallees > 0)
		for (int i = 0; i < e->nkids; i++) {
			const ir_expr *a = strip_casts(e->kids[i]);
			if ((a->kind == E_UN && a->op == OP_ADDR) ||
			    (a->kind == E_VAR && a->var && a->var->is_pointer) ||
			    (indexed(a) && a->kind != E_CALL))
				return 1;
		}
	return 0;
}

static int passes_state_stmt(const ir_stmt *s)
{
	return ir_any_stmt(s, passes_state_at, NULL);
}

/* a reduction over the elements the counter picks: `n *= dims[i]`, `total
 * += size[k]` (a product of a dataspace's dimensions, a sum of sizes) -
 * the variable carries the elements seen so far to the next iteration */
static int reduces_at(const ir_expr *e, void *arg)
{
	(void)arg;
	return e->kind == E_ASSIGN && e->op != OP_NONE && e->nkids == 2 && indexed(e->kids[1]);
}

static int reduces_stmt(const ir_stmt *s)
{
	return ir_any_stmt(s, reduces_at, NULL);
}

/* Does the code open a file, itself or in the functions it calls (down to
 * `depth` levels)?  A loop that does opens one per iteration: the path,
 * whether the file is there and how big it is can change with the counter
 * (`snprintf(path, .., "%s/%04d.dat", dir, i); fopen(path, "rb")`). */
static int opens_stmt(const ir_stmt *s, int depth);

static int opens_at(const ir_expr *e, void *arg)
{
	int depth = *(const int *)arg;
	if (e->kind == E_CALL && e->cat && e->cat->op == VD_OP_OPEN)
		return 1;
	if (e->kind == E_CALL && !e->callee && depth > 0)
		for (int i = 0; i < e->ncallees; i++)
			if (e->callees[i] && opens_stmt(e->callees[i]->body, depth - 1))
				return 1;
	return 0;
}

static int opens_stmt(const ir_stmt *s, int depth)
{
	return ir_any_stmt(s, opens_at, &depth);
}

/* Does the code ask a NetCDF input about its header (nc_inq*)?  Run one
 * iteration after the other, a loop over its variables or dimensions sees
 * each one's own answers (`nc_inq_var(ncid, v, ...)`). */
static int nc_inquires_at(const ir_expr *e, void *arg)
{
	(void)arg;
	return e->kind == E_CALL && !e->callee && e->str && !strncmp(e->str, "nc_inq", 6);
}

static int nc_inquires_stmt(const ir_stmt *s)
{
	return ir_any_stmt(s, nc_inquires_at, NULL);
}

/* a byte offset picked per iteration from a table, `(char *)o +
 * descs[i].off`: each iteration reaches its own field (a V_FOFF pointer),
 * which one walk with an unknown i cannot name */
static int table_offset_at(const ir_expr *e, void *arg)
{
	(void)arg;
	return e->kind == E_BIN && e->ival == 1 && (e->op == OP_ADD || e->op == OP_SUB) &&
	       e->nkids == 2 && (indexed(e->kids[0]) || indexed(e->kids[1]));
}

/* a selection over the elements the counter picks: a branch whose test
 * reads such an element and whose arm stores (`if (strcmp(tbl[i].name,
 * api) == 0) be = &tbl[i];`, a search without `break`) - what the last
 * matching iteration stored is what the loop leaves, which one walk with
 * an unknown i cannot name */
static int assigns_at(const ir_expr *e, void *arg)
{
	(void)arg;
	return e->kind == E_ASSIGN;
}

static int selects_stmt(const ir_stmt *s)
{
	if (!s)
		return 0;
	if (s->kind == S_IF && indexed(s->e) && s->nkids > 0 &&
	    ir_any_stmt(s->kids[0], assigns_at, NULL))
		return 1;
	for (int i = 0; i < s->nkids; i++)
		if (selects_stmt(s->kids[i]))
			return 1;
	return 0;
}

static int carried_state(ctx *c, ir_stmt *s)
{
	varvec g = { 0 };
	callee_globals_stmt(c, s->kids[0], &g);
	int carried = g.n > 0 || passes_state_stmt(s->kids[0]) || opens_stmt(s->kids[0], 2) ||
		      reduces_stmt(s->kids[0]) || ir_any_stmt(s->kids[0], table_offset_at, NULL) ||
		      selects_stmt(s->kids[0]) ||
		      (c->nc_inputs > 0 && nc_inquires_stmt(s->kids[0]));
	vd_vec_free(g);
	return carried;
}

/* The rest of a loop run iteration by iteration, walked once for `more`
 * iterations (its condition, body and increment). */
static void walk_rest(ctx *c, ir_stmt *s, double reach, double more)
{
	c->mult = reach * more;
	c->rep++;
	if (s->e)
		eval(c, s->e);
	exec_body(c, s, reach * more);
	c->brk = 0;
	if (s->inc)
		eval(c, s->inc);
	flush_ops(c);
	c->rep--;
}

/* The rest of a loop run iteration by iteration that stopped before its
 * end (k iterations run): one walk of the body for the iterations left -
 * of a counted loop, its count minus k; reading a followed text, as many
 * as the rest of the text holds at the rate read so far; else
 * --assume-trip - noted and flagged.  Returns the iterations added. */
static double concrete_rest(ctx *c, ir_stmt *s, double reach, double k, int content, long cpos0,
			    long cpos_k, double counted)
{
	const vd_sblock *b = &c->p->blocks.v[s->block];
	double more = c->p->opts.assume_trip;
	unsigned saved_unk = c->unk;
	int saved_notes = c->nnotes;
	const char *nt;
	handle *h = content >= 0 ? &c->handles.v[content] : NULL;
	if (counted >= 0) {
		more = counted - k;
		nt = note_at(c, s->block, k * 1e6 + more,
			     "loop at %s:%d: %.0f of its %.0f iterations run one by one, "
			     "the other %.0f walked once (what they carry from one to the "
			     "next is estimated)",
			     b->file, s->line, k, counted, more);
	} else if (h && h->cpos > cpos0 && cpos_k > cpos0 && k > 0) {
		/* the k passes read up to cpos_k, where the test that stopped
		 * them began (a test that reads - `(ch = fgetc(f)) != EOF` -
		 * read the next pass's character already) */
		more = ceil(k * (double)(h->clen - cpos_k) / (double)(cpos_k - cpos0));
		nt = note_at(c, s->block, k * 1e6 + more,
			     "loop at %s:%d: %.0f iterations run on the text of %s, "
			     "%.0f more extrapolated from the part they read",
			     b->file, s->line, k, h->path, more);
	} else {
		nt = note_at(c, s->block, k * 1e6 + more,
			     "loop at %s:%d: condition unknown after %.0f iterations, "
			     "assumed %.0f more",
			     b->file, s->line, k, more);
	}
	if (h)
		h->cpos = -1; /* the rest is not followed */
	c->unk |= COUNT_BITS | P_BIT(3) | P_BIT(8);
	push_note(c, nt);
	annotate(c, s->block, COUNT_BITS | P_BIT(3) | P_BIT(8), nt);
	varvec w = { 0 };
	loop_vary(c, s, &w);
	c->seen_rest++;
	walk_rest(c, s, reach, more);
	c->seen_rest--;
	loop_settle(c, &w);
	c->unk = saved_unk;
	c->nnotes = saved_notes;
	return more;
}

/* What a stream loop (`for (;;)`, a do-while) run iteration by
 * iteration had when it began: the bytes read through each handle, and the values of the variables it
 * writes (stream_rest). */
typedef struct stream_snap {
	double *rb;
	double *rl; /* the bytes read through each handle when the last walked iteration began */
	size_t nh;
	ir_var **lw; /* the variables it writes (loop_writes: in the arena,
		      * while the cache's table may move as the walk grows it) */
	size_t nlw;
	val *before;
} stream_snap;

static void stream_snap_take(ctx *c, ir_stmt *s, stream_snap *sn)
{
	sn->nh = c->handles.n;
	sn->rb = vd_xcalloc(sn->nh ? sn->nh : 1, sizeof(double));
	sn->rl = vd_xcalloc(sn->nh ? sn->nh : 1, sizeof(double));
	for (size_t i = 0; i < sn->nh; i++)
		sn->rb[i] = sn->rl[i] = c->handles.v[i].rbytes;
	const wcache_ent *lw = loop_writes(c, s);
	sn->lw = lw->v;
	sn->nlw = lw->n;
	sn->before = vd_xcalloc(sn->nlw ? sn->nlw : 1, sizeof(val));
	for (size_t i = 0; i < sn->nlw; i++) {
		val *st = storage(c, sn->lw[i]);
		sn->before[i] = st ? *st : unk(0);
	}
}

/* A read-process-write stream loop (`for (;;)`, `while (!abort)`, or a
 * do-while tested after its body, `do { fill; code; write; } while
 * (directive != END)`: read the input when its buffer is empty, code it,
 * write the output when its buffer is full, leave at a status the walk
 * cannot know) whose walked
 * iterations read a file that exists now and that the run has not
 * written: it runs until it has read the file, each further iteration as
 * the walked ones - ceil(bytes left / bytes per iteration) more, walked
 * once.  What the walked iterations left as they found it (a mode, a block
 * size left at its "none" value) stays so; what they changed varies.
 * Returns the iterations added, -1 when the loop is not one. */
static double stream_rest(ctx *c, ir_stmt *s, double reach, double k, const stream_snap *sn)
{
	const vd_sblock *b = &c->p->blocks.v[s->block];
	if (k < 1 || reach <= 0 || c->p->opts.paths_all)
		return -1;
	int best = -1;
	double d = 0;
	for (size_t i = 0; i < sn->nh && i < c->handles.n; i++)
		if (c->handles.v[i].rbytes - sn->rb[i] > d) {
			d = c->handles.v[i].rbytes - sn->rb[i];
			best = (int)i;
		}
	if (best < 0)
		return -1;
	const handle *h = &c->handles.v[best];
	struct stat st;
	if (!h->path || (h->file >= 0 && c->p->files.v[h->file].written > 0) ||
	    stat(h->path, &st) != 0 || !S_ISREG(st.st_mode))
		return -1;
	/* the last walked iteration's reads, when it read: the first may
	 * only use what was read ahead before the loop (a pool that starts
	 * its reads when the file is set) */
	double last = h->rbytes - sn->rl[best];
	double per = k > 1 && last > 0 ? last / reach : d / reach / k;
	double left = (double)st.st_size - h->rbytes / reach;
	if (per <= 0)
		return -1;
	/* the walked iterations read it all (their calls' walks cut, say): no
	 * more */
	double more = left > 0 ? ceil(left / per) : 0;
	const char *nt = note_at(c, s->block, more,
				 "loop at %s:%d streams %s: %.0f more iterations, as many as "
				 "it takes to read its %lld bytes now at %.0f per iteration",
				 b->file, s->line, h->path, more, (long long)st.st_size, per);
	unsigned saved_unk = c->unk;
	int saved_notes = c->nnotes;
	c->unk |= COUNT_BITS | P_BIT(3) | P_BIT(8);
	push_note(c, nt);
	annotate(c, s->block, COUNT_BITS | P_BIT(3) | P_BIT(8), nt);
	size_t nw = sn->nlw;
	unsigned char *keep = vd_xcalloc(nw ? nw : 1, 1);
	for (size_t i = 0; i < nw; i++) {
		val *stv = storage(c, sn->lw[i]);
		keep[i] = stv && same(stv, &sn->before[i]);
	}
	varvec w = { 0 };
	loop_vary(c, s, &w);
	for (size_t i = 0; i < nw; i++) {
		val *stv = storage(c, sn->lw[i]);
		if (keep[i] && stv)
			store_val(c, stv, sn->before[i]);
	}
	free(keep);
	frame *sfr = c->stream_fr, *ifr = c->iter_fr;
	c->stream_fr = c->iter_fr = c->fr;
	walk_rest(c, s, reach, more);
	c->stream_fr = sfr;
	c->iter_fr = ifr;
	loop_settle(c, &w);
	c->unk = saved_unk;
	c->nnotes = saved_notes;
	return more;
}

/* A loop run iteration by iteration inside a stream loop (`while
 * (in.pos != in.size) { codec(&out, &in); ... }`) whose test came to rest
 * on what a call the walk cut (a codec too costly to walk, whose pointer
 * arguments are unknown after it) left in its buffers: the codec is taken
 * to use what it was handed, so the loop runs the iterations walked and
 * no more, here and wherever it is walked again with its count unknown
 * (loop_bound_note).  Noted and flagged.  0 when the loop is not one. */
static int drain_rest(ctx *c, ir_stmt *s, double k, unsigned long icut0)
{
	if (k < 1 || c->iter_cuts <= icut0 || s->kind == S_DO || c->p->opts.paths_all ||
	    s->block < 0)
		return 0;
	const vd_sblock *b = &c->p->blocks.v[s->block];
	if (!c->drained)
		c->drained = vd_arena_alloc(c->a, c->p->blocks.n * sizeof(double));
	c->drained[s->block] = k;
	const char *nt =
		note_at(c, s->block, k,
			"loop at %s:%d: its test rests on buffers a codec call the walk "
			"cut left unknown; the codec is assumed to use what it was handed: "
			"%.0f iterations",
			b->file, s->line, k);
	annotate(c, s->block, COUNT_BITS | P_BIT(3) | P_BIT(8), nt);
	return 1;
}

/* The iterations a loop run iteration by iteration leaves undecided
 * after k: a stream loop's reads to its input's end (stream_rest), a drain
 * loop's none (drain_rest), else the rest walked once (concrete_rest).
 * Returns the iterations added. */
static double run_rest(ctx *c, ir_stmt *s, double reach, double k, int forever, int content,
		       double counted, const stream_snap *sn, unsigned long icut0, long cpos0,
		       long cpos_k)
{
	double more = sn->rb ? stream_rest(c, s, reach, k, sn) : -1;
	if (more < 0 && !forever && content < 0 && counted < 0 && !sn->rb &&
	    drain_rest(c, s, k, icut0))
		more = 0;
	return more >= 0 ? more : concrete_rest(c, s, reach, k, content, cpos0, cpos_k, counted);
}

/* exec_concrete_loop's run: iteration by iteration while the condition
 * and exits are decided.  content >= 0: the loop reads that followed
 * stream (content_loop); its iterations may go on to CONTENT_MAX, and a
 * rest is extrapolated from the part of the text they read.  counted >= 0:
 * a counted loop of that many iterations run for the state its iterations
 * carry (carried_state); when one iteration costs too much to run them all
 * (CARRIED_STEPS), the rest is walked once for the iterations left. */
static int exec_concrete_run(ctx *c, ir_stmt *s, double reach, int forever, int content,
			     double counted, int search)
{
	vd_project *p = c->p;
	const vd_sblock *b = &p->blocks.v[s->block];
	int sc = c->conc_cond, sl = c->conc_loops, ss = c->conc_switches;
	frame *sf = c->conc_fr;
	int ssoft = c->conc_soft;
	c->conc_soft = 0;
	long cpos0 = content >= 0 ? c->handles.v[content].cpos : 0;
	size_t seen0 = c->seen.n;
	c->conc_depth++;
	conc_loop cl = { s, c->cond, c->fr };
	vd_vec_push(c->conc_stack, cl);
	c->conc_cond = c->cond;
	c->conc_loops = c->loop_depth;
	c->conc_switches = c->switch_depth;
	c->conc_fr = c->fr;
	enter(c, s->block, reach, 0, c->unk, NULL);
	stream_snap sn = { 0 };
	if ((forever || s->kind == S_DO) && content < 0 && counted < 0)
		stream_snap_take(c, s, &sn);
	long steps0 = c->steps;
	unsigned long icut0 = c->iter_cuts;
	double k = 0;
	int undecided = 0;
	int nc_loop = content < 0 && !forever && c->nc_inputs > 0 && nc_inquires_stmt(s->kids[0]);
	long cpos_k = cpos0; /* where the last test began reading */
	for (;;) {
		c->mult = reach;
		if (content >= 0)
			cpos_k = c->handles.v[content].cpos;
		if (s->e && (s->kind != S_DO || k > 0)) {
			val cv = eval(c, s->e);
			flush_ops(c);
			int t = truth(&cv);
			if (t < 0) {
				undecided = 1;
				break;
			}
			if (!t)
				break;
		}
		double kmax = content >= 0 ? CONTENT_MAX : forever ? FOREVER_MAX : CONCRETE_MAX;
		long smax = content >= 0 ? CONTENT_STEPS
			    : forever    ? FOREVER_STEPS
			    : nc_loop    ? NC_CARRIED_STEPS
					 : CONCRETE_STEPS;
		if (counted >= 0 && k >= 1 && !search)
			smax = (c->steps - steps0) / (long)k * (long)counted >
					       (nc_loop ? NC_CARRIED_STEPS : CARRIED_STEPS)
				       ? 0
			       : nc_loop ? NC_CARRIED_STEPS
					 : smax;
		if (k >= kmax || c->steps - steps0 > smax ||
		    (c->phase == 2 && c->steps > c->step_limit)) {
			undecided = 1;
			break;
		}
		frame *ifr = c->iter_fr;
		if (sn.rb)
			c->iter_fr = c->fr;
		for (size_t i = 0; sn.rl && i < sn.nh && i < c->handles.n; i++)
			sn.rl[i] = c->handles.v[i].rbytes;
		exec_body(c, s, reach);
		c->iter_fr = ifr;
		int brk = c->brk;
		c->brk = 0;
		k++;
		if (brk == 1 || (c->fr && c->fr->returned))
			break;
		if (s->inc)
			eval(c, s->inc);
		flush_ops(c);
		if ((forever || search) && c->conc_soft) {
			/* the way out now rests on something unknown: the
			 * iterations so far, then the rest as a loop of unknown
			 * count (no "upper bound" note: it is not one), or for a
			 * search the rest of its count walked once, noted */
			c->conc_soft = 0;
			undecided = 1;
			break;
		}
		if (search && k >= CONCRETE_SHORT) { /* not found early: the rest at once */
			undecided = 1;
			break;
		}
	}
	c->conc_depth--;
	c->conc_stack.n--;
	c->conc_cond = sc, c->conc_loops = sl, c->conc_switches = ss, c->conc_fr = sf;
	if (c->conc_soft)
		annotate(c, s->block, COUNT_BITS | P_BIT(3) | P_BIT(8),
			 note_at(c, s->block, k,
				 "loop at %s:%d may exit early (a break under an "
				 "unknown condition): %.0f iterations is an upper bound",
				 b->file, s->line, k));
	c->conc_soft = ssoft;
	if (undecided && !(c->fr && c->fr->returned))
		k += run_rest(c, s, reach, k, forever, content, counted, &sn, icut0, cpos0, cpos_k);
	free(sn.rb);
	free(sn.rl);
	free(sn.before);
	if (!c->conc_depth) /* the outermost loop run so: its record goes */
		c->seen.n = seen0;
	set_iters(c, s->block, reach * k);
	c->mult = reach;
	leave(c, s->block);
	return 1;
}

/* Does the body read a member of a table's record by the loop's counter
 * - `switch (recs[i].code)` over a short table of parsed options: run per
 * record, each iteration sees its own (walked once, the record is unknown
 * and each case a guess) */
static int index_by_var(const ir_expr *e, void *arg)
{
	const ir_expr *x = e->kind == E_MEMBER && e->nkids == 1 ? strip_casts(e->kids[0]) : NULL;
	const ir_expr *k =
		x && x->kind == E_INDEX && x->nkids == 2 ? strip_casts(x->kids[1]) : NULL;
	return k && k->kind == E_VAR && k->var == arg;
}

static int reads_by_counter(ir_stmt *s)
{
	ir_expr *ce = s->e ? strip_casts(s->e) : NULL;
	if (!ce || ce->kind != E_BIN || ce->nkids != 2 || !s->nkids)
		return 0;
	ir_var *v = plain_var(ce->kids[0]);
	return v && ir_any_stmt(s->kids[0], index_by_var, v);
}

/* A loop whose condition can be decided on every iteration - a search over
 * a table (`for (p = tbl; *p; p++) if (!strcmp((*p)->name, api)) return *p;`),
 * `while (left > 0) left -= write(...)`, a short counted loop that may
 * break - is run for real: each iteration walked with its values, break,
 * continue and return honoured.  If the condition stops being decidable,
 * or after CONCRETE_MAX iterations, the rest is walked once as a loop of
 * unknown count.  A longer counted loop that may leave by a `break` of its
 * own - a search for the first free cell of a table, `for (i = 1; i < N; i++)
 * if (tbl[i] == NULL) { id = i; break; }` - runs its first CONCRETE_SHORT
 * iterations so, while its exits are decided: found there, that is its
 * count; else the rest of its count is walked once (noted, as when the
 * whole loop was).  A counted loop whose count is known to be 0 tests its
 * condition once and its body does not run: what the body would store
 * (`total += count_in(id[i])`) is not stored.  Returns 0 when the loop is
 * not one of these. */
static int exec_concrete_loop(ctx *c, ir_stmt *s, double reach, double trip, int early, int content)
{
	vd_project *p = c->p;
	ir_expr *ce = s->e ? strip_casts(s->e) : NULL;
	/* `for (;;)`, `while (1)`: left by a break or return only */
	/* `do { ... } while (1)` too, left by a break as `for (;;)` is (fio's
	 * handle_option walks a comma-separated value so) */
	int forever = !ce || (ce->kind == E_INT && ce->ival != 0);
	/* at most two under way at once, and a third of the `for (;;)`
	 * shape (fio: a comma list's loop, a colon list's loop inside, and
	 * its tokenizer's own do-while(1)); under an option loop over argv
	 * four, past the second only loops without a count (a word's
	 * characters, a number's digits).  A third level of any loop runs
	 * a codec's byte loops one by one under its block loop and spends
	 * the walk's budget there. */
	if (p->opts.paths_all || !s->nkids)
		return 0;
	/* and one level more for a short counted loop that calls nothing
	 * (over a dataspace's dimensions, `for (i = 0; i < ndims; i++) {
	 * size[i] = MIN(total[i] - off[i], sm[i]); n *= size[i]; }`): a few
	 * steps per iteration, where a codec's byte loops are long */
	int short_plain = trip > 1 && trip <= CONCRETE_SHORT && content < 0 && c->conc_depth == 2 &&
			  !stmt_has_once(c, s->kids[0], 'c');
	if (c->conc_depth >= 2 && !short_plain &&
	    (content >= 0 || (c->conc_argv ? c->conc_depth >= CONCRETE_DEPTH || trip >= 0
					   : c->conc_depth >= 3 || !forever)))
		return 0;
	if (content >= 0)
		return exec_concrete_run(c, s, reach, 0, content, -1, 0);
	double counted = -1;
	int search = 0;
	if (trip >= 0) {
		/* an option loop over argv (`for (i = 1; i < argc; i++)`) runs
		 * per argument: each iteration sees its own word */
		if (trip > 1 && trip <= CONCRETE_MAX && !c->assumed_trip && carried_state(c, s))
			counted = trip;
		else if (early && trip > 1 && trip <= CONCRETE_MAX && !c->assumed_trip &&
			 c->nc_inputs > 0 && nc_inquires_stmt(s->kids[0]))
			counted = trip; /* over an input's variables, with a `continue` */
		else if (early && trip > CONCRETE_SHORT && !c->assumed_trip &&
			 breaks_here(s->kids[0]))
			counted = trip, search = 1; /* a search: its first iterations */
		else if (!((early || trip == 0) && trip <= 16) &&
			 !(trip <= CONCRETE_ARGV && mentions_argc(s->e)) &&
			 !(trip <= CONCRETE_SHORT && reads_by_counter(s)))
			return 0; /* (a count of 0: the body does not run, nor store) */
	} else if (forever) {
		if (!exits_early(s->kids[0], 0))
			return 0;
	} else if (s->kind == S_DO) {
		/* a do-while's condition is first tested after its body has
		 * run (`do { n = read(...); } while (n < 0 && errno == EINTR);`
		 * tests what the body got): it is run, and the rest walked as
		 * a loop of unknown count if the test is still undecided then */
		if (!ce || ce->kind == E_INT || ce->kind == E_FLOAT)
			return 0;
	} else if (ce && ce->kind != E_INT && ce->kind != E_FLOAT && !expr_pure(s->e)) {
		/* a hand-written option parser called in the condition with
		 * argc, `while ((opt = get_option(argc, argv, ...)) != EOF)`,
		 * runs per option, as a getopt loop does, when --args binds
		 * argv; else (undecided) it is a loop of unknown count */
		int calls = 0;
		if ((!p->opts.args || (!mentions_argc(s->e) && !argv_parser_cond(c, s->e))) &&
		    !(tokenizer_cond(c, s->e, &calls) && calls == 1) && !char_scan_cond(c, s->e))
			return 0;
	} else {
		if (!ce || ce->kind == E_INT || ce->kind == E_FLOAT || !expr_pure(s->e))
			return 0;
		val v = peek(c, s->e);
		if (truth(&v) < 0)
			return 0;
		/* true now and nothing inside changes it: left by a break or
		 * return only, as `for (;;)` (not run 1024 times on a break
		 * under an unknown condition) */
		if (truth(&v) > 0 && cond_fixed(c, s)) {
			if (!exits_early(s->kids[0], 0))
				return 0;
			forever = 1;
		}
	}
	int argv0 = c->conc_argv;
	/* `while (argind < argc)` with argind moved by the callees that
	 * parse an option (`parse_short_option(..., &argind)`) has no count
	 * but is an option loop all the same when --args binds argv */
	if (!c->conc_depth)
		c->conc_argv = (mentions_argc(s->e) &&
				(trip >= 0 ? trip <= CONCRETE_ARGV : p->opts.args != NULL)) ||
			       (trip < 0 && argv_parser_cond(c, s->e));
	int done = exec_concrete_run(c, s, reach, forever, -1, counted, search);
	c->conc_argv = argv0;
	return done;
}

/* ---- read-to-the-end loops ------------------------------------------------------------ */

static ir_expr *find_read(ir_expr *e)
{
	if (!e)
		return NULL;
	if (e->kind == E_CALL && e->cat && e->cat->op == VD_OP_READ && e->cat->string_arg < 0)
		return e;
	if (e->kind == E_CALL && e->cat && is_readdir(e->cat->name))
		return e;
	for (int i = 0; i < e->nkids; i++) {
		ir_expr *r = find_read(e->kids[i]);
		if (r)
			return r;
	}
	return NULL;
}

/* A loop that reads a file to its end - `while ((n = read(fd, b, 4096)) > 0)`,
 * `while (fread(b, 1, 5000, f) == 5000)`, `for (;;) { n = read(...); if (n
 * <= 0) break; ... }`, `while ((ch = getc(f)) != EOF)` - on a file whose
 * path is known and that exists now: its size / the bytes per call
 * iterations (the size at analysis time stands for the size at run time,
 * and the note says so).  -1 when the loop is not one. */
/* Calls a line reader makes on the file at `path` until it returns EOF
 * (not counting that last call): one per line for getline/getdelim (lines
 * end at `delim`), ceil(L / (n - 1)) for a line of L bytes for fgets with a
 * buffer of n.  The first SCAN_MAX bytes are read; a larger file is
 * extrapolated from them.  -1 when the file cannot be read. */
#define SCAN_MAX (64L << 20)
static double count_line_calls(const char *path, int delim, double n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	double per = n > 1 ? n - 1 : 0; /* fgets: bytes per call at most */
	double calls = 0, len = 0;
	long seen = 0;
	int ch;
	while (seen < SCAN_MAX && (ch = getc(f)) != EOF) {
		seen++;
		len++;
		if (ch == delim) {
			calls += per > 0 ? ceil(len / per) : 1;
			len = 0;
		}
	}
	int more = ch != EOF && getc(f) != EOF;
	if (len > 0 && !more)
		calls += per > 0 ? ceil(len / per) : 1; /* a last line without its end */
	struct stat st;
	if (more && fstat(fileno(f), &st) == 0 && seen > 0)
		calls = calls * ((double)st.st_size / (double)seen);
	fclose(f);
	return calls;
}

static int line_reader(const char *name)
{
	return !strcmp(name, "fgets") || !strcmp(name, "fgets_unlocked") ||
	       !strcmp(name, "getline") || !strcmp(name, "getdelim") || !strcmp(name, "__getdelim");
}

/* The read a loop is driven by: one in its condition, or in one of the
 * first statements of its body (`for (;;) { n = read(...); if (n <= 0)
 * break; ...}`, `while (!feof(f)) { fgets(...); ...}`). */
static ir_expr *loop_read_call(ir_stmt *s)
{
	ir_expr *r = find_read(s->e);
	if (!r && s->nkids && s->kids[0]) {
		ir_stmt *b = s->kids[0];
		ir_stmt **items = b->kind == S_SEQ ? b->kids : &b;
		int n = b->kind == S_SEQ ? b->nkids : 1;
		for (int i = 0; i < n && i < 3 && !r; i++) {
			ir_stmt *it = items[i];
			if (it && it->kind == S_SEQ && it->nkids == 1)
				it = it->kids[0];
			if (it && (it->kind == S_EXPR || it->kind == S_DECL))
				r = find_read(it->e);
			if (it && it->kind == S_IF)
				r = find_read(it->e);
		}
	}
	return r;
}

/* A loop driven by a read of a followed input (content_open): the handle's
 * index, -1 when it is not one */
static int content_loop(ctx *c, ir_stmt *s)
{
	ir_expr *r = loop_read_call(s);
	if (!r || !content_reader(r->cat->name) || r->cat->handle_arg < 0 ||
	    r->cat->handle_arg >= r->nkids || !expr_pure(r->kids[r->cat->handle_arg]))
		return -1;
	/* fread of bytes (an item size of 1), which content_call follows;
	 * records keep the read-to-the-end model */
	if (is_call(r->cat->name, fread_calls)) {
		/* ... in a loop whose condition decides its exit (`while (red <
		 * amount)`), not one left by the read's result (a read to
		 * the end, counted from the file's size) */
		if (!s->e || expr_has_call(s->e))
			return -1;
		int sa = r->cat->size_arg;
		val sz = sa >= 0 && sa < r->nkids && expr_pure(r->kids[sa]) ? peek(c, r->kids[sa])
									    : unk(0);
		if (sz.k != V_INT || sz.i != 1)
			return -1;
	}
	val hv = peek(c, r->kids[r->cat->handle_arg]);
	handle *h = handle_of(c, &hv);
	return h && content_live(c, h) ? hv.h : -1;
}

/* What the sequential reads of an opening took before a read-to-the-end
 * loop starts (a header read first: `fread(&hdr, sizeof hdr, 1, f)`), 0
 * when the handle's reads are not tracked (read_budget) or took none or
 * all of the file: the loop reads the rest. */
static double read_before(const handle *h, double size)
{
	if (h->rsize < 0 || h->rmult <= 0)
		return 0;
	double done = h->rdone / h->rmult;
	return done > 0 && done < size ? done : 0;
}

static double eof_loop_trip(ctx *c, ir_stmt *s, const char **why)
{
	ir_expr *r = loop_read_call(s);
	if (!r)
		return -1;
	const vd_catalog_entry *ce = r->cat;
	val args[8];
	int n = r->nkids < 8 ? r->nkids : 8;
	for (int i = 0; i < n; i++)
		args[i] = expr_pure(r->kids[i]) ? peek(c, r->kids[i]) : unk(0);
	val *hv = ce->handle_arg >= 0 && ce->handle_arg < n ? &args[ce->handle_arg] : NULL;
	if (ce->flags & VD_CAT_STDIN)
		return -1;
	if (!hv || hv->k != V_HANDLE || hv->h < 0 || hv->h >= (int)c->handles.n)
		return -1;
	const char *path = c->handles.v[hv->h].path;
	double bytes = -1;
	if (ce->fixed_bytes > 0)
		bytes = (double)ce->fixed_bytes;
	else if (ce->bytes_arg >= 0 && ce->bytes_arg < n && known_num(&args[ce->bytes_arg]))
		bytes = num(&args[ce->bytes_arg]);
	else if (ce->size_arg >= 0 && ce->count_arg >= 0 && ce->size_arg < n && ce->count_arg < n &&
		 known_num(&args[ce->size_arg]) && known_num(&args[ce->count_arg]))
		bytes = num(&args[ce->size_arg]) * num(&args[ce->count_arg]);
	if (bytes <= 0)
		bytes = read_dest_size(ce, r);
	struct stat st;
	int lines = line_reader(ce->name);
	if (lines && !strncmp(ce->name, "fgets", 5) && bytes <= 1)
		return -1;
	int fi = c->handles.v[hv->h].file;
	if (!lines && bytes > 0 && fi >= 0 && c->p->files.v[fi].made >= 0) {
		/* written earlier in this walk: the size it was given */
		double size = c->p->files.v[fi].made;
		double trip = ceil(size / bytes);
		*why = note(c,
			    "loop at %s:%d reads %s to its end: %.0f iterations from the %.0f "
			    "bytes the run wrote to it (%.0f per %s)",
			    c->p->blocks.v[s->block].file, s->line, path ? path : "the file", trip,
			    size, bytes, ce->name);
		c->eof_call = r;
		c->eof_bytes = size;
		c->eof_trip = trip;
		return trip;
	}
	if (!path || (!lines && bytes <= 0) || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return -1;
	double trip;
	if (lines) {
		/* one call per line (or per buffer's worth of a long line) */
		int delim = '\n';
		if (strstr(ce->name, "getdelim")) {
			if (n < 3 || args[2].k != V_INT)
				return -1;
			delim = (int)(unsigned char)args[2].i;
		}
		trip = count_line_calls(path, delim, strstr(ce->name, "fgets") ? bytes : 0);
		if (trip < 0)
			return -1;
		*why = note(c,
			    "loop at %s:%d reads %s to its end: %.0f iterations, one per %s call "
			    "on its lines now (%lld bytes)",
			    c->p->blocks.v[s->block].file, s->line, path, trip, ce->name,
			    (long long)st.st_size);
	} else {
		double before = read_before(&c->handles.v[hv->h], (double)st.st_size);
		trip = ceil(((double)st.st_size - before) / bytes);
		*why = before > 0 ? note(c,
					 "loop at %s:%d reads %s to its end: %.0f iterations from "
					 "its size now (%lld bytes, %.0f read before the loop, / "
					 "%.0f per %s)",
					 c->p->blocks.v[s->block].file, s->line, path, trip,
					 (long long)st.st_size, before, bytes, ce->name)
				  : note(c,
					 "loop at %s:%d reads %s to its end: %.0f iterations from "
					 "its size now (%lld bytes / %.0f per %s)",
					 c->p->blocks.v[s->block].file, s->line, path, trip,
					 (long long)st.st_size, bytes, ce->name);
		c->eof_call = r;
		c->eof_bytes = (double)st.st_size - before;
		c->eof_trip = trip;
		return trip;
	}
	/* the calls move the file's bytes, the last ones fewer than asked */
	c->eof_call = r;
	c->eof_bytes = (double)st.st_size;
	c->eof_trip = trip;
	return trip;
}

/* The tokenizer call (strtok, strtok_r, strsep) that drives a loop: one in
 * its condition (`while ((t = strtok(p, "\001")))`), or, for a condition
 * testing a variable (`while (t != NULL)`), the call that assigns that
 * variable among the body's top-level statements (`t = strtok(NULL, d);`
 * at its end).  NULL when there is none. */
static ir_expr *find_tokenizer(ir_expr *e)
{
	if (!e)
		return NULL;
	if (e->kind == E_CALL && e->str &&
	    (!strcmp(e->str, "strtok") || !strcmp(e->str, "strtok_r") ||
	     !strcmp(e->str, "__strtok_r") || !strcmp(e->str, "strsep")) &&
	    e->nkids >= 2)
		return e;
	if (e->kind == E_STMT)
		return NULL;
	for (int i = 0; i < e->nkids; i++) {
		ir_expr *t = find_tokenizer(e->kids[i]);
		if (t)
			return t;
	}
	return NULL;
}

static ir_expr *loop_tokenizer(ir_stmt *s)
{
	ir_expr *t = find_tokenizer(s->e);
	if (t || !s->e || !s->nkids || !s->kids[0])
		return t;
	/* the variable the condition tests */
	ir_expr *ce = strip_casts(s->e);
	if (ce->kind == E_BIN && (ce->op == OP_NE || ce->op == OP_EQ) && ce->nkids == 2)
		ce = strip_casts(ce->kids[0]);
	if (ce->kind != E_VAR || !ce->var)
		return NULL;
	ir_stmt *b = s->kids[0];
	ir_stmt **items = b->kind == S_SEQ ? b->kids : &b;
	int n = b->kind == S_SEQ ? b->nkids : 1;
	for (int i = 0; i < n; i++) {
		ir_expr *a = items[i] && items[i]->kind == S_EXPR ? items[i]->e : NULL;
		if (a && a->kind == E_ASSIGN && a->op == OP_NONE && a->nkids == 2 &&
		    strip_casts(a->kids[0])->kind == E_VAR &&
		    strip_casts(a->kids[0])->var == ce->var && (t = find_tokenizer(a->kids[1])))
			return t;
	}
	return NULL;
}

/* A loop over the tokens of a text whose content is unknown, split at
 * delimiters that are all non-printing control characters (not blanks or
 * line ends: `"\001"`, `"\x1f"`) - in-band markers ordinary text holds
 * only where the program embeds one: its expected count is 1, one token,
 * the whole text.  (Delimiters ordinary text holds - blanks, commas - give
 * no such expectation: the loop keeps the assumed trip count.)  Returns
 * the note, NULL when the loop is not one. */
static const char *unknown_text_tokens(ctx *c, ir_stmt *s, double *trip)
{
	if (c->p->opts.paths_all)
		return NULL;
	ir_expr *t = loop_tokenizer(s);
	if (!t || !expr_pure(t->kids[1]))
		return NULL;
	val d = peek(c, t->kids[1]);
	if (d.k != V_STR || !d.s || !d.s[0])
		return NULL;
	for (const unsigned char *q = (const unsigned char *)d.s; *q; q++)
		if (!((*q < 0x20 && !isspace(*q)) || *q == 0x7f))
			return NULL;
	*trip = 1;
	return note_at(c, s->block, *trip,
		       "loop at %s:%d: tokens of a text of unknown content split by %s at "
		       "non-printing delimiters only, assumed 1 (the whole text)",
		       c->p->blocks.v[s->block].file, s->line, t->str);
}

/* The note a loop's count rests on, when it is not exact: a bound assumed
 * for an unknown variable, an early exit (the count is an upper bound; the
 * counter's final value is then unknown), or no count at all (trip becomes
 * --assume-trip).  Sets the count's unknown bits. */
static const char *loop_bound_note(ctx *c, ir_stmt *s, double *trip, ir_var **fin_var)
{
	const vd_sblock *b = &c->p->blocks.v[s->block];
	const char *nt = NULL;
	if (*trip >= 0 && c->assumed_trip) {
		nt = c->assumed_var
			     ? note(c,
				    "loop at %s:%d: bound %s unknown, assumed %.0f iterations (and %s "
				    "takes that value wherever it is read next)",
				    b->file, s->line, c->assumed_var->name, *trip,
				    c->assumed_var->name)
			     : note(c, "loop at %s:%d: %.0f iterations from an assumed bound",
				    b->file, s->line, *trip);
		c->unk |= COUNT_BITS | P_BIT(3) | P_BIT(8);
		push_note(c, nt);
	}
	if (*trip >= 0 && c->early_exit) {
		nt = note_at(c, s->block, *trip,
			     "loop at %s:%d may exit early: %.0f iterations is an "
			     "upper bound",
			     b->file, s->line, *trip);
		c->unk |= COUNT_BITS | P_BIT(3) | P_BIT(8);
		push_note(c, nt);
		*fin_var = NULL;
	}
	if (*trip < 0 && (nt = unknown_text_tokens(c, s, trip))) {
		c->unk |= COUNT_BITS | P_BIT(3) | P_BIT(8);
		push_note(c, nt);
	}
	if (*trip < 0 && c->drained && s->block >= 0 && c->drained[s->block] > 0) {
		*trip = c->drained[s->block];
		nt = note_at(c, s->block, *trip,
			     "loop at %s:%d: trip count unknown, %.0f as where it was walked "
			     "before (its test rests on buffers a codec call the walk cut "
			     "left unknown)",
			     b->file, s->line, *trip);
		c->unk |= COUNT_BITS | P_BIT(3) | P_BIT(8);
		push_note(c, nt);
	}
	if (*trip < 0) {
		*trip = c->p->opts.assume_trip;
		nt = note_at(c, s->block, *trip, "loop at %s:%d: trip count unknown, assumed %.0f",
			     b->file, s->line, *trip);
		c->unk |= COUNT_BITS | P_BIT(3) | P_BIT(8);
		push_note(c, nt);
	}
	return nt;
}

/* Globals the body changed (in callees too) hold what one iteration left:
 * after several iterations they are unknown. */
static void settle_loop_globals(ctx *c, size_t gpos0, double trip)
{
	gtouch *t = NULL;
	size_t ntouched = glog_touched(c, gpos0, &t);
	if (!c->glog_on)
		c->glog.n = gpos0;
	for (size_t q = 0; q < ntouched; q++) {
		val now = c->globals[t[q].slot];
		if (trip != 1 && !same(&now, &t[q].before) && now.k != V_MEM && now.k != V_ARR)
			store_val(c, &c->globals[t[q].slot], unk(now.t | t[q].before.t));
	}
	free(t);
}

/* A read-to-the-end loop left by its read's result (`for (;;) { n =
 * read(...); if (n <= 0) break; ... }`) makes one call more than its
 * iterations: the one that finds the end (0 bytes) and leaves.  (A read in
 * the condition runs trip + 1 times with it already.) */
static void eof_final_read(ctx *c, ir_stmt *s, double reach)
{
	ir_expr *r = (ir_expr *)c->eof_call, *ce = s->e ? strip_casts(s->e) : NULL;
	/* only a loop the read's result leaves: for (;;), while (1) (one with a
	 * condition of its own, `while (got < size)`, ends by it instead) */
	if (!r || (ce && !(ce->kind == E_INT && ce->ival != 0)))
		return;
	for (int i = 0; i < r->nkids; i++)
		if (!expr_pure(r->kids[i]))
			return;
	c->mult = reach;
	c->eof_final = 1;
	eval(c, r);
	c->eof_final = 0;
	flush_ops(c);
}

/* The read state of the enclosing read-to-the-end loop, kept while an
 * inner loop is walked */
typedef struct {
	const ir_expr *call;
	double bytes, reach;
} eof_state;

static void eof_end(ctx *c, const eof_state *outer)
{
	c->eof_call = outer->call;
	c->eof_bytes = outer->bytes;
	c->eof_reach = outer->reach;
}

/* The variable statement `it` stores a read's or write's result in - `n =
 * read(fd, p, k);`, `const ssize_t n = write(fd, p, k);` - NULL when it
 * stores none; *call gets the call. */
static ir_var *stored_io_result(const ir_stmt *it, ir_expr **call)
{
	ir_var *v = NULL;
	ir_expr *rhs = NULL;
	while (it && it->kind == S_SEQ && it->nkids == 1)
		it = it->kids[0];
	if (it && it->kind == S_DECL && it->var && it->e) {
		v = it->var, rhs = it->e;
	} else if (it && it->kind == S_EXPR && it->e) {
		ir_expr *a = strip_casts(it->e);
		ir_expr *l = a && a->kind == E_ASSIGN && a->op == OP_NONE && a->nkids == 2
				     ? strip_casts(a->kids[0])
				     : NULL;
		if (l && l->kind == E_VAR)
			v = l->var, rhs = a->kids[1];
	}
	rhs = strip_casts(rhs);
	if (!v || !rhs || rhs->kind != E_CALL || !rhs->cat ||
	    (rhs->cat->op != VD_OP_READ && rhs->cat->op != VD_OP_WRITE) ||
	    rhs->cat->bytes_arg < 0 || rhs->cat->bytes_arg >= rhs->nkids)
		return NULL;
	*call = rhs;
	return v;
}

/* Does statement `it` step `lv` by the variable `n`: `lv += n` (dir 1) or
 * `lv -= n` (dir -1), casts allowed */
static int steps_by(const ir_stmt *it, const ir_expr *lv, const ir_var *n, int dir)
{
	while (it && it->kind == S_SEQ && it->nkids == 1)
		it = it->kids[0];
	ir_expr *a = it && it->kind == S_EXPR ? strip_casts(it->e) : NULL;
	if (!a || a->kind != E_ASSIGN || a->nkids != 2 || a->op != (dir > 0 ? OP_ADD : OP_SUB) ||
	    !lv_same(a->kids[0], lv))
		return 0;
	ir_expr *r = strip_casts(a->kids[1]);
	return r && r->kind == E_VAR && r->var == n;
}

/* A loop that moves a whole count with a read or write that may come back
 * short - `while (left > 0) { n = write(fd, p, left); ...; p += n; left -=
 * n; }` (xz's io_write_buf), `while (pos < size) { n = read(fd, b + pos,
 * size - pos); if (n == 0) break; ...; pos += n; }` (xz's io_read): the
 * call asks for what is left, the body steps the count by what it moved.
 * Calls are assumed to succeed in full, so the first call moves it all and
 * the loop runs once per call of its function, whatever the count (also
 * when it is unknown), and a read loop of this form is not one that reads
 * its file to the end (eof_loop_trip: it asks for a bounded count; the
 * loop that calls it reads the file).  1 when `s` is one. */
static int whole_count_loop(const ir_stmt *s)
{
	ir_expr *ce = strip_casts(s->e);
	if (!ce || s->kind == S_DO || s->init || s->inc || !s->nkids || !s->kids[0])
		return 0;
	const ir_expr *left = NULL, *pos = NULL, *size = NULL;
	if (ce->kind == E_BIN && ce->nkids == 2 && (ce->op == OP_GT || ce->op == OP_NE)) {
		ir_expr *r = strip_casts(ce->kids[1]);
		if (r && r->kind == E_INT && r->ival == 0)
			left = strip_casts(ce->kids[0]);
		else if (ce->op == OP_NE)
			pos = strip_casts(ce->kids[0]), size = r;
	} else if (ce->kind == E_BIN && ce->nkids == 2 && ce->op == OP_LT) {
		pos = strip_casts(ce->kids[0]), size = strip_casts(ce->kids[1]);
	} else if (ce->kind == E_VAR) {
		left = ce;
	}
	const ir_expr *lv = left ? left : pos;
	if (!lv || (lv->kind != E_VAR && lv->kind != E_MEMBER) || !expr_pure((ir_expr *)lv) ||
	    (size && !expr_pure((ir_expr *)size)))
		return 0;
	const ir_stmt *b = s->kids[0];
	ir_stmt *const *items = b->kind == S_SEQ ? b->kids : (ir_stmt *const *)&s->kids[0];
	int n = b->kind == S_SEQ ? b->nkids : 1;
	ir_expr *call = NULL;
	ir_var *res = NULL;
	int i = 0;
	for (; i < n && i < 3 && !res; i++)
		res = stored_io_result(items[i], &call);
	if (!res)
		return 0;
	ir_expr *k = strip_casts(call->kids[call->cat->bytes_arg]);
	if (left) {
		if (!lv_same(k, left))
			return 0;
	} else if (!k || k->kind != E_BIN || k->op != OP_SUB || k->nkids != 2 ||
		   !lv_same(k->kids[0], size) || !lv_same(k->kids[1], pos)) {
		return 0;
	}
	/* the step, among the body's top-level statements after the call */
	for (; i < n; i++)
		if (steps_by(items[i], lv, res, left ? -1 : 1))
			return 1;
	return 0;
}

/* A loop that reads to the end of its input (eof_loop_trip): its count in
 * *trip (when not known already) and its note; the enclosing loop's read
 * state is kept in *outer, given back at once when this loop reads nothing
 * to the end, else by eof_end when it is done. */
static const char *eof_begin(ctx *c, ir_stmt *s, double reach, double *trip, eof_state *outer)
{
	const char *nt = NULL;
	*outer = (eof_state){ c->eof_call, c->eof_bytes, c->eof_reach };
	c->eof_call = NULL;
	if (*trip < 0 && (*trip = eof_loop_trip(c, s, &nt)) >= 0) {
		c->eof_reach = reach;
		c->early_exit = 0;
		annotate(c, s->block, 0, nt);
	}
	if (!c->eof_call) { /* an outer loop's read is its own business */
		eof_end(c, outer);
		outer->call = NULL;
	}
	return nt;
}

/* `while ((n = write(fd, p, k)) != -1) { if (n == k) break; ... }`: the
 * condition stores an I/O call's result, the body's first statement
 * leaves when the call moved its whole count (bytes, else items) */
static int full_count_break(const ir_stmt *s)
{
	ir_expr *ce = strip_casts(s->e);
	if (s->kind == S_DO || !ce || ce->kind != E_BIN || ce->nkids != 2 || !s->nkids)
		return 0;
	ir_expr *as = strip_casts(ce->kids[0]);
	if (!as || as->kind != E_ASSIGN || as->op != OP_NONE || as->nkids != 2)
		return 0;
	ir_expr *v = strip_casts(as->kids[0]), *call = strip_casts(as->kids[1]);
	if (!v || v->kind != E_VAR || !call || call->kind != E_CALL || !call->cat)
		return 0;
	int ai = call->cat->bytes_arg >= 0 ? call->cat->bytes_arg : call->cat->count_arg;
	if (ai < 0 || ai >= call->nkids)
		return 0;
	const ir_stmt *b = s->kids[0];
	while (b && b->kind == S_SEQ && b->nkids)
		b = b->kids[0];
	if (!b || b->kind != S_IF || b->nkids != 1)
		return 0;
	const ir_stmt *t = b->kids[0];
	while (t && t->kind == S_SEQ && t->nkids == 1)
		t = t->kids[0];
	ir_expr *eq = strip_casts(b->e), *k = call->kids[ai];
	if (!t || t->kind != S_BREAK || !eq || eq->kind != E_BIN || eq->op != OP_EQ ||
	    eq->nkids != 2)
		return 0;
	return (lv_same(eq->kids[0], v) && lv_same(eq->kids[1], k)) ||
	       (lv_same(eq->kids[1], v) && lv_same(eq->kids[0], k));
}

/* `while ((n = write_all(fd, buf, cnt)) != cnt)`: the condition tests a
 * call's result against one of the call's own arguments, the count it was
 * asked to move (also when neither value is known) */
static int retests_own_count(const ir_stmt *s)
{
	ir_expr *ce = strip_casts(s->e);
	if (!ce || ce->kind != E_BIN || ce->op != OP_NE || ce->nkids != 2)
		return 0;
	for (int side = 0; side < 2; side++) {
		ir_expr *call = strip_casts(ce->kids[side]), *k = strip_casts(ce->kids[1 - side]);
		if (call && call->kind == E_ASSIGN && call->op == OP_NONE && call->nkids == 2)
			call = strip_casts(call->kids[1]);
		if (!call || call->kind != E_CALL || !k || !expr_pure(k))
			continue;
		for (int i = 0; i < call->nkids; i++)
			if (lv_same(strip_casts(call->kids[i]), k))
				return 1;
	}
	return 0;
}

/* A loop of unknown count whose condition tests an I/O call's result for
 * a short count or a failure (`while ((n = write(fd, b, cnt)) != cnt)`,
 * a retry loop): its first test runs once, here, in the loop's block, and
 * when the success assumption makes it false (T_OK: the write returned
 * cnt) the loop runs 0 times.  Otherwise *tested says the first test is
 * counted. */
static int first_test_fails(ctx *c, ir_stmt *s, double reach, int *tested)
{
	ir_expr *ce = strip_casts(s->e);
	if (s->kind == S_DO || !ce || c->p->opts.paths_all || !expr_has_call(ce))
		return 0;
	enter(c, s->block, reach, 0, c->unk, NULL);
	c->mult = reach;
	val k = eval(c, s->e);
	flush_ops(c);
	int fails = (k.t & T_OK) && truth(&k) == 0;
	/* or the call succeeds in full: the first iteration leaves at its
	 * `if (n == count) break;` */
	int full = !fails && (k.t & T_OK) && truth(&k) != 0 && full_count_break(s);
	/* or it tests the result against the count the call was asked for,
	 * neither known (`(n = write_buffer(fd, buf, cnt)) != cnt`): the
	 * call moved it all */
	if (!fails && !full && (k.t & T_OK) && truth(&k) < 0 && retests_own_count(s))
		fails = 1;
	if (fails || full) {
		const vd_sblock *b = &c->p->blocks.v[s->block];
		annotate(c, s->block, 0,
			 note_at(c, s->block, 0, "loop at %s:%d: %s", b->file, s->line,
				 full ? "it repeats an I/O call until it moved its whole "
					"count; calls are assumed to succeed in full: the "
					"call runs once and the first test of its result leaves"
				      : "its condition tests an I/O call's result for a short "
					"count or a failure; calls are assumed to succeed: it "
					"runs 0 times"));
		fails = 1;
	}
	leave(c, s->block);
	*tested = !fails;
	return fails;
}

static void exec_loop(ctx *c, ir_stmt *s)
{
	double reach = c->mult;
	unsigned saved_unk = c->unk;
	int saved_notes = c->nnotes;
	double saved_mult = c->mult;

	/* the init runs once, before the loop (its calls belong to the
	 * enclosing block, see layout.c) */
	if (s->init)
		exec(c, s->init);
	flush_ops(c);
	if (exec_getopt_loop(c, s, reach))
		return;
	int content = content_loop(c, s);
	if (content >= 0 && exec_concrete_loop(c, s, reach, -1, 0, content)) {
		c->mult = saved_mult;
		c->unk = saved_unk;
		c->nnotes = saved_notes;
		return;
	}

	ir_var *fin_var = NULL;
	val fin = unk(0);
	c->early_exit = 0;
	c->assumed_trip = 0;
	c->assumed_var = NULL;
	loopctx lc = { 0 };
	double trip = -1;
	ir_expr *ce = strip_casts(s->e);
	if (ce && ce->kind == E_INT && ce->ival == 0)
		trip = s->kind == S_DO ? 1 : 0; /* do { } while (0): a macro's body, once */
	else
		trip = trip_count(c, s, &fin_var, &fin, &lc);
	if (trip < 0 && !c->p->opts.paths_all && whole_count_loop(s)) {
		const vd_sblock *b = &c->p->blocks.v[s->block];
		trip = 1;
		annotate(c, s->block, 0,
			 note_at(c, s->block, 1,
				 "loop at %s:%d moves a whole count with a call that may come back "
				 "short; calls are assumed to succeed in full: it runs once",
				 b->file, s->line));
	}
	eof_state outer;
	const char *eof_note = eof_begin(c, s, reach, &trip, &outer);
	if (!eof_note && exec_concrete_loop(c, s, reach, trip, c->early_exit, -1)) {
		if (fin_var) { /* the counter's final value, however the rest ran */
			val *st = storage(c, fin_var);
			if (st)
				*st = fin;
		}
		c->mult = saved_mult;
		c->unk = saved_unk;
		c->nnotes = saved_notes;
		return;
	}
	int tested = 0; /* the first test of the condition is done */
	if (trip < 0 && first_test_fails(c, s, reach, &tested))
		goto done;
	const char *nt = loop_bound_note(c, s, &trip, &fin_var);
	/* inside the body every scalar the loop writes varies per iteration
	 * (unless there is one: do { } while (0)) */
	varvec w = { 0 };
	change_loop_push(c, s, trip);
	if (trip != 1)
		loop_vary(c, s, &w);
	if (trip != 1)
		vd_vec_push(c->once_loops, s);

	size_t gpos0 = c->glog.n;
	c->glog_on++;
	double live0 = c->fr ? c->fr->live : 1;
	int counted = lc.v != NULL;
	if (counted) {
		lc.fr = c->fr;
		lc.body = s->nkids ? s->kids[0] : NULL;
		vd_vec_push(c->loops, lc);
	}
	enter(c, s->block, reach, reach * trip, c->unk, nt);
	/* the condition runs trip + 1 times (trip for do-while) */
	c->mult = reach * (s->kind == S_DO ? trip : trip + 1 - tested);
	c->rep += trip != 1;
	if (s->e)
		eval(c, s->e);
	flush_ops(c);
	c->mult = reach * trip;
	exec_body(c, s, reach * trip);
	if (s->inc)
		eval(c, s->inc);
	flush_ops(c);
	c->rep -= trip != 1;
	if (trip != 1)
		c->once_loops.n--;
	change_loop_pop(c, s);
	if (eof_note)
		eof_final_read(c, s, reach);
	c->mult = saved_mult;
	if (c->fr) /* a return inside counts as an early exit, not as fewer entries */
		c->fr->live = live0;
	if (counted)
		c->loops.n--;
	leave(c, s->block);
	c->glog_on--;
	settle_loop_globals(c, gpos0, trip);

	/* after the loop: the counter is known when the count was; other
	 * scalars written inside keep what the body left, no longer varying */
	loop_settle(c, &w);
	if (fin_var) {
		val *st = storage(c, fin_var);
		if (st)
			*st = fin;
	}
	if (eof_note)
		eof_end(c, &outer);
done:
	c->mult = saved_mult;
	c->unk = saved_unk;
	c->nnotes = saved_notes;
}

/* A switch arm's value: NULL (default), one label, or the list of the
 * labels stacked on it (an E_COMMA) */
static int case_labels(const ir_expr *v)
{
	return v && v->kind == E_COMMA ? v->nkids : 1;
}

static int case_matches(ctx *c, ir_expr *v, long long x)
{
	if (!v)
		return 0;
	int n = v->kind == E_COMMA ? v->nkids : 1;
	for (int i = 0; i < n; i++) {
		val cv = eval(c, v->kind == E_COMMA ? v->kids[i] : v);
		if (cv.k == V_INT && cv.i == x)
			return 1;
	}
	return 0;
}

/* 1 when control can run off the end of a switch arm into the next one:
 * its last statement is not a break, return, goto, continue or a call
 * that ends the program */
static int arm_falls(const ir_stmt *arm)
{
	while (arm && arm->kind == S_SEQ && arm->nkids > 0)
		arm = arm->kids[arm->nkids - 1];
	if (!arm || arm->kind == S_SEQ)
		return 1;
	switch (arm->kind) {
	case S_BREAK:
	case S_RETURN:
	case S_GOTO:
	case S_CONTINUE:
		return 0;
	default:
		return !vd_stmt_exits(arm);
	}
}

/* arm a of a switch, and the arms after it that it falls through into */
static void exec_arm(ctx *c, ir_stmt *s, int a)
{
	for (int i = a; i < s->nkids; i++) {
		exec(c, s->kids[i]);
		if (!arm_falls(s->kids[i]) || c->brk || (c->fr && c->fr->returned))
			break;
	}
}

/* The arm a known condition or switch value selects: its index, -1 for
 * none, -2 when the value is unknown and every arm may run. */
static int decided_arm(ctx *c, ir_stmt *s, const val *k)
{
	const vd_sblock *b = &c->p->blocks.v[s->block];
	int narms = s->nkids;
	int live = -2;
	int tv = truth(k);
	if (s->kind == S_IF && tv >= 0) {
		if ((k->t & T_OK) && c->p->opts.paths_all)
			return -2; /* the upper bound takes error paths too */
		live = tv ? 0 : (narms > 1 ? 1 : -1);
		if (k->t & T_OK)
			annotate(c, s->block, 0,
				 note_at(c, s->block, 0,
					 "branch at %s:%d: decided by assuming I/O "
					 "and allocation calls succeed (error path not taken)",
					 b->file, s->line));
	}
	if (s->kind == S_SWITCH && k->k == V_INT) {
		live = -1;
		for (int i = 0; i < narms && live < 0; i++)
			if (case_matches(c, s->case_vals[i], k->i))
				live = i;
		if (live < 0)
			for (int i = 0; i < narms; i++)
				if (!s->case_vals[i])
					live = i;
	}
	return live;
}

/* How likely each arm of a branch whose condition is unknown is: pr[i]
 * per arm (1 each for the upper bound), `rest` that no arm runs (no else,
 * no default), and the note and unknown bits that say why. */
typedef struct {
	double *pr;
	double pr_few[4]; /* pr for up to 3 arms (no allocation) */
	double rest;
	unsigned why; /* predict_if's reasons (16: a buffer-fill arm) */
	unsigned bits;
	const char *nt;
	int kind;  /* an if's PR_* */
	int child; /* PR_FORK: the arm a fork's child takes */
} arm_odds;

/* Does `cond`, a test of x = what fork() returned, hold for x? A test
 * of x against 0 or -1 (`!pid`, `pid == 0`, `pid > 0`, `pid < 0`, `pid
 * == -1`, `pid`); -1 for any other. */
static int fork_test(ir_expr *cond, long long x)
{
	cond = strip_casts(cond);
	if (!cond)
		return -1;
	if (cond->kind == E_UN && cond->op == OP_NOT && cond->nkids == 1) {
		int t = fork_test(cond->kids[0], x);
		return t < 0 ? -1 : !t;
	}
	if (cond->kind != E_BIN || cond->nkids != 2)
		return x != 0; /* `if (pid)` */
	ir_expr *l = strip_casts(cond->kids[0]), *r = strip_casts(cond->kids[1]);
	int op = cond->op;
	if (l && l->kind == E_INT) { /* `0 == pid`: the constant on the right */
		ir_expr *t = l;
		l = r, r = t;
		op = mirror_cmp(op);
	}
	if (!r || r->kind != E_INT || r->ival < -1 || r->ival > 0 || !l || l->kind == E_INT)
		return -1;
	long long k = r->ival;
	switch (op) {
	case OP_EQ:
		return x == k;
	case OP_NE:
		return x != k;
	case OP_LT:
		return x < k;
	case OP_GT:
		return x > k;
	case OP_LE:
		return x <= k;
	case OP_GE:
		return x >= k;
	default:
		return -1;
	}
}

/* A test of fork()'s result (T_FORK): both processes run on, so the walk
 * follows the parent (pid > 0) and the child (pid 0) - each arm runs in
 * full for every process that takes it, as the trace counts the calls of
 * all processes; an arm only a failed fork takes (`pid < 0`) does not
 * run.  1 when the test is one of fork_test's. */
static int fork_odds(ir_stmt *s, const val *k, arm_odds *o)
{
	if (!(k->t & T_FORK) || s->kind != S_IF)
		return 0;
	int child = fork_test(s->e, 0), parent = fork_test(s->e, 1);
	if (child < 0 || parent < 0)
		return 0;
	o->pr[0] = child || parent;
	if (s->nkids > 1)
		o->pr[1] = !child || !parent;
	else
		o->rest = !child || !parent;
	o->kind = PR_FORK;
	o->child = child ? 0 : 1;
	return 1;
}

static void branch_odds(ctx *c, ir_stmt *s, val *k, arm_odds *o)
{
	const vd_sblock *b = &c->p->blocks.v[s->block];
	int narms = s->nkids;
	o->pr = narms < 4 ? o->pr_few : vd_xcalloc((size_t)narms + 1, sizeof(double));
	if (c->p->opts.paths_all) {
		for (int i = 0; i < narms; i++)
			o->pr[i] = 1;
		return;
	}
	if (fork_odds(s, k, o))
		return;
	if (s->kind == S_IF) {
		int kind = PR_HEUR;
		o->pr[0] = predict_if(c, s, k, &kind, &o->why);
		o->kind = kind;
		if (narms > 1)
			o->pr[1] = 1 - o->pr[0];
		else
			o->rest = 1 - o->pr[0];
		if (kind == PR_EXIT)
			o->nt = note_at(c, s->block, 0,
					"branch at %s:%d: the arm that ends the "
					"program is assumed not taken (error path)",
					b->file, s->line);
		else if (kind == PR_ERROR)
			o->nt = note_at(c, s->block, 0,
					"branch at %s:%d: error path after a failed "
					"call assumed not taken",
					b->file, s->line);
		else if (kind == PR_FAIL)
			o->nt = note_at(c, s->block, 0,
					"branch at %s:%d: error path (the arm stores a failure "
					"value and jumps out) assumed not taken",
					b->file, s->line);
		else if (kind == PR_ONCE)
			o->nt = note_at(c, s->block, o->pr[0],
					"branch at %s:%d: run-once guard: taken with "
					"probability %.2f, in the runs where no earlier "
					"pass set the flag it tests",
					b->file, s->line, o->pr[0]);
		else if (kind == PR_REFILL) {
			o->nt = note_at(c, s->block, 1,
					"branch at %s:%d: refills an empty input buffer: "
					"taken on every iteration of the stream loop",
					b->file, s->line);
			o->bits = COUNT_BITS | P_BIT(3) | P_BIT(8);
		} else if (kind == PR_CHANGE) {
			o->nt = note_at(c, s->block, o->pr[0],
					"branch at %s:%d: change test: taken when the value it "
					"tests differs from the one its arm saved, probability "
					"%.4f (the loop's accumulators at their mean step)",
					b->file, s->line, o->pr[0]);
			o->bits = COUNT_BITS | P_BIT(3) | P_BIT(8);
		} else if (kind == PR_LAZY) {
			o->nt = note_at(c, s->block, o->pr[0],
					"branch at %s:%d: a handle opened on demand is NULL "
					"before its first open only: taken with probability %.4f",
					b->file, s->line, o->pr[0]);
			o->bits = COUNT_BITS | P_BIT(3) | P_BIT(8);
		} else if (kind == PR_SEEN) {
			const seen_if *se = seen_find(c, s);
			o->nt = note_at(c, s->block, o->pr[0],
					"branch at %s:%d: condition unknown in the loop's rest, "
					"taken with probability %.3f: in %.0f of the %.0f passes "
					"run one by one",
					b->file, s->line, o->pr[0], se ? se->taken : 0,
					se ? se->n : 0);
			o->bits = COUNT_BITS | P_BIT(3) | P_BIT(8);
		} else if (kind == PR_ODDS) {
			o->nt = note_at(c, s->block, o->pr[0],
					"branch at %s:%d: taken with probability %.2f, the "
					"share of the called function's returns that give "
					"this result",
					b->file, s->line, o->pr[0]);
			o->bits = COUNT_BITS | P_BIT(3) | P_BIT(8);
		} else if (kind == PR_HEUR) {
			o->nt = note_at(c, s->block, o->pr[0] + 10.0 * o->why,
					"branch at %s:%d: condition unknown, taken with "
					"probability %.2f (%s)",
					b->file, s->line, o->pr[0], why_text(o->why));
			o->bits = COUNT_BITS | P_BIT(3) | P_BIT(8);
		}
		return;
	}
	/* each label one way in (`case '1': ... case '9':` nine); an arm
	 * that ends the program (exit, abort, a function that always
	 * exits) is an error path, not taken, as an if's arm is */
	int has_default = 0, ways = 0, ending = 0, eways = 0;
	int *ends = vd_xcalloc((size_t)narms + 1, sizeof(int));
	for (int i = 0; i < narms; i++) {
		has_default |= !s->case_vals[i];
		ways += case_labels(s->case_vals[i]);
		ends[i] = arm_ends(s->kids[i], 0);
		ending += ends[i];
		eways += ends[i] ? case_labels(s->case_vals[i]) : 0;
	}
	ways += !has_default;
	if (ending == narms || ways - eways <= 0) {
		memset(ends, 0, ((size_t)narms + 1) * sizeof(int));
		ending = eways = 0;
	}
	int live = ways - eways;
	for (int i = 0; i < narms; i++)
		o->pr[i] = ends[i] ? 0 : (double)case_labels(s->case_vals[i]) / live;
	free(ends);
	o->rest = has_default ? 0 : 1.0 / live;
	if (ending)
		o->nt = note_at(c, s->block, live,
				"switch at %s:%d: value unknown, each of %d "
				"cases taken with probability %.2f; the %d that "
				"end the program are assumed not taken (error path)",
				b->file, s->line, live, 1.0 / live, ending);
	else
		o->nt = note_at(c, s->block, ways,
				"switch at %s:%d: value unknown, each of %d "
				"cases taken with probability %.2f",
				b->file, s->line, ways, 1.0 / ways);
	o->bits = COUNT_BITS | P_BIT(3) | P_BIT(8);
}

typedef VD_VEC(gtouch) gtouch_vec;

/* The globals callees wrote in the arm just walked (logged since pos0),
 * folded into gt: the merge of their values over the arms that ran. */
static void fold_arm_globals(ctx *c, size_t pos0, gtouch_vec *gt)
{
	gtouch *t = NULL;
	size_t ntouched = glog_touched(c, pos0, &t);
	/* gscratch: a slot's index in gt (slots in gt are distinct) */
	for (size_t i = 0; ntouched && i < gt->n; i++)
		c->gscratch[gt->v[i].slot] = (int)i;
	for (size_t q = 0; q < ntouched; q++) {
		int at = c->gscratch[t[q].slot];
		size_t i = at < 0 ? gt->n : (size_t)at;
		val now = c->globals[t[q].slot];
		if (i == gt->n) {
			t[q].acc = now;
			t[q].arms = 1;
			vd_vec_push(*gt, t[q]);
		} else {
			gt->v[i].acc = merge(&gt->v[i].acc, &now);
			gt->v[i].arms++;
		}
	}
	for (size_t i = 0; ntouched && i < gt->n; i++)
		c->gscratch[gt->v[i].slot] = -1;
	free(t);
}

/* A caller's variable the arms wrote through a pointer: its value before
 * the branch, the merge of what the arms that wrote it left, how many did
 * (stamp: the last arm counted, + 1). */
typedef struct rtouch {
	val *st;
	val before, acc;
	int arms, stamp;
} rtouch;

typedef VD_VEC(rtouch) rtouch_vec;

/* After arm `arm`: what it left in each caller variable it wrote (logged
 * since `from`) joins what the other arms left (when the arm counts), and
 * the writes are undone for the next arm. */
static void fold_arm_refs(ctx *c, size_t from, rtouch_vec *rt, int arm, int counts)
{
	for (size_t k = from; k < c->rlog.n && counts; k++) {
		val *st = c->rlog.v[k].st;
		size_t i = 0;
		while (i < rt->n && rt->v[i].st != st)
			i++;
		if (i == rt->n) {
			rtouch t = { st, c->rlog.v[k].old, unk(0), 0, 0 };
			if (vd_vec_push(*rt, t))
				break;
		}
		rtouch *t = &rt->v[i];
		if (t->stamp == arm + 1)
			continue;
		t->stamp = arm + 1;
		t->acc = t->arms ? merge(&t->acc, st) : *st;
		t->arms++;
	}
	while (c->rlog.n > from) {
		rwrite *r = &c->rlog.v[--c->rlog.n];
		*r->st = r->old;
	}
}

/* After the arms of a branch (`paths` of them count): each global and
 * each caller's variable written through a pointer holds the merge of what
 * the arms that wrote it left, and its value before where a path left it
 * alone (an arm that did not write it, or none_path: a path through no
 * arm).  `*err = BZ_STREAM_END; return n;` on one arm and `*err = BZ_OK`
 * falling through leave the caller's err unknown.  Frees both lists. */
static void store_arm_merges(ctx *c, gtouch_vec *gt, rtouch_vec *rt, int paths, int none_path)
{
	for (size_t i = 0; i < gt->n; i++) {
		val m = gt->v[i].acc;
		if (gt->v[i].arms < paths || none_path)
			m = merge(&m, &gt->v[i].before);
		store_val(c, &c->globals[gt->v[i].slot], m);
	}
	for (size_t i = 0; i < rt->n; i++) {
		val m = rt->v[i].acc;
		if (rt->v[i].arms < paths || none_path)
			m = merge(&m, &rt->v[i].before);
		store_val(c, rt->v[i].st, m);
	}
	vd_vec_free(*gt);
	vd_vec_free(*rt);
}

/* Both (all) arms may run: walk each from the same state, at its
 * probability, then merge what they wrote.  Locals the arms write are
 * reset before each arm; globals callees write are logged, undone before
 * the next arm and merged at the end. */
/* `if (v == K)` with v unknown: inside the arm v is K (`if (avail_out ==
 * 0) write(fd, buf, SIZE - avail_out)` writes SIZE), and afterwards it is
 * unknown again unless the arm changed it. */
typedef struct eq_bind {
	ir_expr *lv;
	val old;
	long long k;
} eq_bind;

static void eq_bind_arm(ctx *c, ir_expr *cond, eq_bind *eb)
{
	eb->lv = NULL;
	cond = strip_casts(cond);
	if (c->p->opts.paths_all || !cond || cond->kind != E_BIN || cond->op != OP_EQ ||
	    cond->nkids != 2)
		return;
	ir_expr *l = strip_casts(cond->kids[0]), *r = strip_casts(cond->kids[1]);
	if (r && r->kind != E_INT) {
		ir_expr *t = l;
		l = r, r = t;
	}
	if (!l || !r || r->kind != E_INT || (l->kind != E_VAR && l->kind != E_MEMBER) ||
	    !expr_pure(l))
		return;
	val cur = peek(c, l);
	if (cur.k != V_UNK)
		return;
	eb->lv = l;
	eb->old = cur;
	eb->k = r->ival;
	assign_to(c, l, vint(r->ival));
}

static void eq_unbind_arm(ctx *c, const eq_bind *eb)
{
	if (!eb->lv)
		return;
	val now = peek(c, eb->lv);
	if (now.k == V_INT && now.i == eb->k)
		assign_to(c, eb->lv, eb->old);
}

/* Arm a of a branch; the arm a fork's child takes is a run of its own
 * (c->forked) */
static void walk_arm(ctx *c, ir_stmt *s, int a, const arm_odds *o)
{
	int child = o->kind == PR_FORK && a == o->child;
	c->forked += child;
	if (s->kind == S_SWITCH)
		exec_arm(c, s, a);
	else
		exec(c, s->kids[a]);
	flush_ops(c);
	c->forked -= child;
}

static void exec_arms_merged(ctx *c, ir_stmt *s, const arm_odds *o)
{
	vd_project *p = c->p;
	int narms = s->nkids;
	int implicit_else = s->kind == S_IF && narms < 2;
	const wcache_ent w = *stmt_writes(c, s, 0);
	val few[2][8]; /* most branches: no allocation */
	val *before = w.n <= 8 ? few[0] : vd_xcalloc(w.n, sizeof(val));
	val *acc = w.n <= 8 ? few[1] : vd_xcalloc(w.n, sizeof(val));
	for (size_t i = 0; i < w.n; i++) {
		val *st = storage(c, w.v[i]);
		before[i] = st ? *st : unk(0);
	}
	int returned = c->fr ? c->fr->returned : 0;
	if (c->fr)
		c->fr->guessed++;
	double live0 = c->fr ? c->fr->live : 1, m0 = c->mult, survive = o->rest;
	unsigned saved_unk = c->unk;
	int saved_notes = c->nnotes;
	if (o->bits) {
		c->unk |= o->bits;
		push_note(c, o->nt);
	}
	c->cond++;
	int paths = 0;
	size_t pos0 = c->glog.n;
	gtouch_vec gt = { 0 };
	c->glog_on++;
	size_t fpos0 = c->flog.n, farm0 = c->flog_arm0;
	c->flog_on++;
	int floor0 = c->rlog_floor;
	size_t rpos0 = c->rlog.n;
	rtouch_vec rt = { 0 };
	if (c->fr && !p->opts.paths_all)
		c->rlog_floor = c->fr->level;
	for (int a = 0; a < narms; a++) {
		size_t apos = c->flog.n; /* this arm's field writes start here */
		c->flog_arm0 = apos;
		for (size_t i = 0; i < w.n; i++) {
			val *st = storage(c, w.v[i]);
			if (st)
				*st = before[i];
		}
		c->mult = m0 * o->pr[a];
		/* a buffer-fill arm runs with the buffer full (fill_prob) */
		fill_bind fb = { 0 };
		if (a == 0 && s->kind == S_IF && (o->why & 16))
			fill_bind_level(c, s->e, &fb);
		eq_bind eb = { 0 };
		if (a == 0 && s->kind == S_IF && !fb.st && o->pr[0] > 0)
			eq_bind_arm(c, s->e, &eb);
		walk_arm(c, s, a, o);
		eq_unbind_arm(c, &eb);
		if (fb.st && !fb.global && fb.st->k == V_INT && fb.st->i == (long long)fb.level)
			*fb.st = fb.old; /* the arm did not change it: as before */
		int gone = 0;            /* every entry of the arm returned */
		if (c->fr) {             /* the share of this arm's entries that go on after it */
			survive += o->pr[a] * (live0 > 0 ? c->fr->live / live0 : 1);
			gone = live0 > 0 && c->fr->live <= 0;
			c->fr->live = live0;
		} else {
			survive += o->pr[a];
		}
		int counts = o->pr[a] > 0; /* an arm never taken leaves no state */
		/* fields: an arm never taken or all of whose entries returned
		 * leaves nothing to what follows; the others' writes stay, as
		 * they always have, marked (T_ARMW) when other paths may skip them
		 * (merging them, as variables are, loses known bounds that
		 * every arm leaves different: ncgen's counts grew 15x) */
		if (gone || !counts)
			flog_undo(c, apos);
		else if (o->pr[a] < 1)
			taint_arm_fields(c, apos, o->pr[a]);
		if (counts)
			fold_arm_globals(c, pos0, &gt);
		glog_undo(c, pos0);
		fold_arm_refs(c, rpos0, &rt, a, counts);
		for (size_t i = 0; i < w.n && counts; i++) {
			val *st = storage(c, w.v[i]);
			val cur = st ? *st : unk(0);
			acc[i] = paths == 0 ? cur : merge(&acc[i], &cur);
		}
		paths += counts;
	}
	/* a path through no arm (no else, no default) keeps the values before */
	int none_path = implicit_else ? (p->opts.paths_all || o->rest > 0) : o->rest > 0;
	for (size_t i = 0; i < w.n; i++) {
		val *st = storage(c, w.v[i]);
		if (!st)
			continue;
		*st = paths == 0 ? before[i] : none_path ? merge(&acc[i], &before[i]) : acc[i];
	}
	c->glog_on--;
	c->rlog_floor = floor0;
	store_arm_merges(c, &gt, &rt, paths, none_path);
	c->flog_on--;
	c->flog_arm0 = farm0;
	if (!c->flog_on)
		c->flog.n = fpos0; /* no branch left that could undo them */
	c->cond--;
	c->unk = saved_unk;
	c->nnotes = saved_notes;
	if (c->fr)
		c->fr->returned = returned;
	/* what follows runs for the entries that did not leave in an arm */
	if (p->opts.paths_all || survive > 1)
		survive = 1;
	c->mult = m0 * survive;
	if (c->fr)
		c->fr->live = live0 * survive;
	if (before != few[0]) {
		free(before);
		free(acc);
	}
}

/* The I/O calls written in a statement (not those of the functions it
 * calls): each gets the note and bits, their count resting on them. */
typedef struct {
	ctx *c;
	const char *nt;
} flag_arg;

static int flag_io_at(const ir_expr *e, void *arg)
{
	flag_arg *f = arg;
	if (e->kind == E_CALL && e->block >= 0 && f->c->p->blocks.v[e->block].kind == VD_KIND_IO)
		annotate(f->c, e->block, COUNT_BITS | P_BIT(3) | P_BIT(8), f->nt);
	return 0; /* every one */
}

/* A branch decided by a field value an earlier arm stored (T_ARMW), or by
 * what a call returned after such a decision of its own (T_RETW): the
 * live arm runs as when decided; the I/O written in both rests on that
 * value, which the paths that skipped the earlier arm did not store:
 * flagged, so a site predicted 0 says why. */
static void flag_armw_decided(ctx *c, ir_stmt *s, unsigned t)
{
	if (c->fr)
		c->fr->flagged++;
	const vd_sblock *b = &c->p->blocks.v[s->block];
	const char *nt =
		(t & T_ARMW) ? note_at(c, s->block, 0,
				       "branch at %s:%d: decided by a struct field an arm of an "
				       "earlier branch (condition unknown) stored; the other "
				       "paths may not have",
				       b->file, s->line)
			     : note_at(c, s->block, 0,
				       "branch at %s:%d: decided by what a call returned after "
				       "a decision of its own that rests on a value one walk of "
				       "a loop or an arm left",
				       b->file, s->line);
	annotate(c, s->block, COUNT_BITS | P_BIT(3) | P_BIT(8), nt);
	flag_arg f = { c, nt };
	for (int i = 0; i < s->nkids; i++)
		ir_any_stmt(s->kids[i], flag_io_at, &f);
}

/* ---- struct fields a loop steps ----
 * A field the body of a loop or the functions it calls step through a
 * pointer (`s->fill += n`, `s->strm->avail_out--`) carries state from one
 * iteration to the next.  A loop walked once for all its iterations
 * decides a test of such a field as it came out in that one walk (the
 * first iteration's state): a buffer flushed when a counter reaches a
 * threshold is never flushed.  The decision stands; it is flagged, and so
 * is the I/O in the branch's arms, naming the field and the loop.  Fields
 * are told apart by their USR (struct and member). */
typedef VD_VEC(const char *) usrvec;
typedef struct fsteps {
	const char **v;
	int n;
	int busy;
} fsteps;

static void add_usr(usrvec *out, const char *usr)
{
	for (size_t i = 0; i < out->n; i++)
		if (!strcmp(out->v[i], usr))
			return;
	vd_vec_push(*out, usr);
}

static const fsteps *func_steps(ctx *c, ir_func *f);

typedef struct steps_arg {
	ctx *c;
	usrvec *out;
} steps_arg;

/* a node_test for ir_any_*: the field a node steps, and those the project
 * functions it calls step, go to the list; it never stops the search */
static int steps_at(const ir_expr *e, void *arg)
{
	steps_arg *a = arg;
	if ((e->kind == E_INCDEC || (e->kind == E_ASSIGN && e->op != OP_NONE)) && e->nkids >= 1) {
		ir_expr *l = strip_casts(e->kids[0]);
		if (l && l->kind == E_MEMBER && l->op == 1 && l->usr)
			add_usr(a->out, l->usr);
	}
	if (e->kind == E_CALL && !e->cat)
		for (int k = 0; k < e->ncallees; k++) {
			const fsteps *g = func_steps(a->c, e->callees[k]);
			for (int i = 0; g && i < g->n; i++)
				add_usr(a->out, g->v[i]);
		}
	return 0;
}

static const fsteps *steps_put(ctx *c, fsteps *g, usrvec *u)
{
	g->v = vd_arena_alloc(c->a, (u->n + 1) * sizeof(const char *));
	if (u->n)
		memcpy(g->v, u->v, u->n * sizeof(const char *));
	g->n = (int)u->n;
	g->busy = 0;
	vd_vec_free(*u);
	return g;
}

/* the fields a function steps, itself or through the project functions it
 * calls, found once (a cycle gives what was found before it closed) */
static const fsteps *func_steps(ctx *c, ir_func *f)
{
	if (!f->usr || !f->body)
		return NULL;
	if (!c->fsteps)
		c->fsteps = vd_map_new();
	fsteps *g = vd_map_get(c->fsteps, f->usr);
	if (g)
		return g->busy ? NULL : g;
	g = vd_arena_alloc(c->a, sizeof(*g));
	g->busy = 1;
	vd_map_put(c->fsteps, f->usr, g);
	usrvec u = { 0 };
	steps_arg a = { c, &u };
	ir_any_stmt(f->body, steps_at, &a);
	return steps_put(c, g, &u);
}

/* the fields one iteration of loop s steps (condition, body, increment) */
static const fsteps *loop_steps(ctx *c, ir_stmt *s)
{
	char key[40];
	snprintf(key, sizeof key, "loop %p", (void *)s);
	if (!c->fsteps)
		c->fsteps = vd_map_new();
	fsteps *g = vd_map_get(c->fsteps, key);
	if (g)
		return g;
	g = vd_arena_alloc(c->a, sizeof(*g));
	g->busy = 1;
	vd_map_put(c->fsteps, key, g);
	usrvec u = { 0 };
	steps_arg a = { c, &u };
	ir_any_expr(s->e, steps_at, &a);
	ir_any_expr(s->inc, steps_at, &a);
	for (int i = 0; i < s->nkids; i++)
		ir_any_stmt(s->kids[i], steps_at, &a);
	return steps_put(c, g, &u);
}

/* the first field read in e (not inside a call's arguments) that one of
 * the loops being walked once steps; *loop gets that loop */
static const ir_expr *stepped_field(ctx *c, const ir_expr *e, ir_stmt **loop)
{
	if (!e || e->kind == E_CALL)
		return NULL;
	if (e->kind == E_MEMBER && e->usr)
		for (size_t k = c->once_loops.n; k-- > 0;) {
			const fsteps *g = loop_steps(c, c->once_loops.v[k]);
			for (int i = 0; g && i < g->n; i++)
				if (!strcmp(g->v[i], e->usr)) {
					*loop = c->once_loops.v[k];
					return e;
				}
		}
	for (int i = 0; i < e->nkids; i++) {
		const ir_expr *r = stepped_field(c, e->kids[i], loop);
		if (r)
			return r;
	}
	return NULL;
}

/* ---- flags a loop raises and lowers ----
 * A field that one iteration of a loop (or the project functions it
 * calls) sets to a non-zero constant and clears to 0 (`ctx->need_prefix =
 * 1` when a line is full, `= 0` once its prefix is printed) is a flag
 * raised and lowered within the iterations: a loop walked once for many
 * iterations must not decide a test of it as the first iteration found
 * it.  "usr#1" marks a non-zero constant stored, "usr#0" a zero. */
static const fsteps *func_sets(ctx *c, ir_func *f);

static int sets_at(const ir_expr *e, void *arg)
{
	steps_arg *a = arg;
	if (e->kind == E_ASSIGN && e->op == OP_NONE && e->nkids == 2) {
		ir_expr *l = strip_casts(e->kids[0]), *r = strip_casts(e->kids[1]);
		if (l && l->kind == E_MEMBER && l->op == 1 && l->usr && r && r->kind == E_INT) {
			char key[512];
			snprintf(key, sizeof key, "%s#%d", l->usr, r->ival != 0);
			add_usr(a->out, vd_arena_strdup(a->c->a, key));
		}
	}
	if (e->kind == E_CALL && !e->cat)
		for (int k = 0; k < e->ncallees; k++) {
			const fsteps *g = func_sets(a->c, e->callees[k]);
			for (int i = 0; g && i < g->n; i++)
				add_usr(a->out, g->v[i]);
		}
	return 0;
}

/* the constant stores of a function or a loop's iteration (key: a
 * function's USR or the loop's address), found once */
static const fsteps *sets_of(ctx *c, const char *key, ir_func *f, ir_stmt *s)
{
	if (!c->fsteps)
		c->fsteps = vd_map_new();
	fsteps *g = vd_map_get(c->fsteps, key);
	if (g)
		return g->busy ? NULL : g;
	g = vd_arena_alloc(c->a, sizeof(*g));
	g->busy = 1;
	vd_map_put(c->fsteps, vd_arena_strdup(c->a, key), g);
	usrvec u = { 0 };
	steps_arg a = { c, &u };
	if (f)
		ir_any_stmt(f->body, sets_at, &a);
	for (int i = 0; s && i < s->nkids; i++)
		ir_any_stmt(s->kids[i], sets_at, &a);
	return steps_put(c, g, &u);
}

static const fsteps *func_sets(ctx *c, ir_func *f)
{
	char key[600];
	if (!f->usr || !f->body)
		return NULL;
	snprintf(key, sizeof key, "sets %s", f->usr);
	return sets_of(c, key, f, NULL);
}

static int has_key(const fsteps *g, const char *usr, int on)
{
	char key[512];
	snprintf(key, sizeof key, "%s#%d", usr, on);
	for (int i = 0; g && i < g->n; i++)
		if (!strcmp(g->v[i], key))
			return 1;
	return 0;
}

/* Does `if (e)` test (`x->f`, `!x->f`) a flag one of the loops being
 * walked once raises and lowers (above)? */
static int toggled_test(ctx *c, ir_expr *e)
{
	e = strip_casts(e);
	if (e && e->kind == E_UN && e->op == OP_NOT && e->nkids == 1)
		e = strip_casts(e->kids[0]);
	if (!e || e->kind != E_MEMBER || e->op != 1 || !e->usr ||
	    (c->toggle_usr && !strcmp(c->toggle_usr, e->usr)))
		return 0; /* inside an arm of its own test: as that arm found it */
	for (size_t k = c->once_loops.n; k-- > 0;) {
		char key[40];
		snprintf(key, sizeof key, "sets loop %p", (void *)c->once_loops.v[k]);
		const fsteps *g = sets_of(c, key, NULL, c->once_loops.v[k]);
		if (has_key(g, e->usr, 0) && has_key(g, e->usr, 1))
			return 1;
	}
	return 0;
}

/* Is `e` a zero test (`x->f`, `!x->f`, `x->f == 0`, `x->f != 0`) of a
 * field one of the loops being walked once steps (`x->col += len`)?  The
 * value one walk of the loop left there (0 from the start, often) is not
 * what the other iterations find. */
static int stepped_zero_test(ctx *c, ir_expr *e)
{
	e = strip_casts(e);
	if (e && e->kind == E_UN && e->op == OP_NOT && e->nkids == 1)
		e = strip_casts(e->kids[0]);
	if (e && e->kind == E_BIN && (e->op == OP_EQ || e->op == OP_NE) && e->nkids == 2) {
		ir_expr *l = strip_casts(e->kids[0]), *r = strip_casts(e->kids[1]);
		if (l && l->kind == E_INT && l->ival == 0)
			e = r;
		else if (r && r->kind == E_INT && r->ival == 0)
			e = l;
		else
			return 0;
	}
	ir_stmt *loop = NULL;
	return e && e->kind == E_MEMBER && expr_pure(e) && stepped_field(c, e, &loop) == e;
}

/* A test of a loop walked once that its one walk decided for all its
 * iterations, though they do not all find the same (`what` it tests): left
 * to the heuristics, noted. */
static void first_pass_undecided(ctx *c, ir_stmt *s, const char *what)
{
	const vd_sblock *b = &c->p->blocks.v[s->block];
	annotate(c, s->block, COUNT_BITS | P_BIT(3) | P_BIT(8),
		 note_at(c, s->block, 0,
			 "branch at %s:%d: tests %s: taken by the heuristics, not as its "
			 "first iteration found it",
			 b->file, s->line, what));
}

/* A branch decided by a field a loop walked once steps (above): flagged
 * with the I/O in its arms. */
static void flag_stepped_decided(ctx *c, ir_stmt *s)
{
	ir_stmt *loop = NULL;
	const ir_expr *m = stepped_field(c, s->e, &loop);
	if (!m)
		return;
	const vd_sblock *b = &c->p->blocks.v[s->block];
	const vd_sblock *lb = &c->p->blocks.v[loop->block];
	if (c->fr)
		c->fr->flagged++;
	const char *nt = note_at(c, s->block, 0,
				 "branch at %s:%d: decided by field %s as one walk of the loop "
				 "at %s:%d left it, though that loop steps it every iteration "
				 "(taken as in the first iteration)",
				 b->file, s->line, m->str ? m->str : "?", lb->file, loop->line);
	annotate(c, s->block, COUNT_BITS | P_BIT(3) | P_BIT(8), nt);
	flag_arg f = { c, nt };
	for (int i = 0; i < s->nkids; i++)
		ir_any_stmt(s->kids[i], flag_io_at, &f);
}

/* An `if` decided by a field value an arm of an earlier branch stored
 * with a known chance (T_ARMP: `if (ctx->need_prefix)` after `if (col +
 * len > width) ctx->need_prefix = 1;`): the live arm is taken with that
 * chance, the other with the rest - not always, as a decision would
 * (a separator printed between elements never, a line prefix before each).
 * 1 and *o set, else 0. */
static int armw_odds(ctx *c, ir_stmt *s, const val *k, int live, arm_odds *o)
{
	if (c->p->opts.paths_all || s->kind != S_IF || k->k != V_INT ||
	    (k->t & (T_ARMW | T_ARMP)) != (T_ARMW | T_ARMP) || !(k->f > 0 && k->f < 1) ||
	    c->mult <= 0)
		return 0;
	o->pr = o->pr_few;
	double q = live == 0 ? k->f : 1 - k->f; /* the then-arm's */
	o->pr[0] = q;
	if (s->nkids > 1)
		o->pr[1] = 1 - q;
	else
		o->rest = 1 - q;
	const vd_sblock *b = &c->p->blocks.v[s->block];
	o->nt = note_at(c, s->block, q,
			"branch at %s:%d: decided by a struct field an arm of an earlier branch "
			"(condition unknown) stored, which holds with probability %.2f: taken "
			"with probability %.2f",
			b->file, s->line, k->f, q);
	o->bits = COUNT_BITS | P_BIT(3) | P_BIT(8);
	return 1;
}

/* After `if (x != K || y != L) <error path>` whose arm is assumed not
 * taken, the walk goes on where the check passed: x is K and y is L (a
 * header's record size, version or magic checked against the constant the
 * program expects).  Marked assumed: it rests on the error path's
 * assumption. */
static void guard_holds(ctx *c, ir_expr *cond)
{
	cond = strip_casts(cond);
	if (!cond || cond->kind != E_BIN || cond->nkids != 2)
		return;
	if (cond->op == OP_LOR) {
		guard_holds(c, cond->kids[0]);
		guard_holds(c, cond->kids[1]);
		return;
	}
	if (cond->op != OP_NE)
		return;
	ir_expr *l = strip_casts(cond->kids[0]), *r = cond->kids[1];
	if (l && l->kind != E_VAR && l->kind != E_MEMBER) {
		r = cond->kids[0];
		l = strip_casts(cond->kids[1]);
	}
	if (!l || (l->kind != E_VAR && l->kind != E_MEMBER) || !expr_pure(l) || !expr_pure(r))
		return;
	val cur = peek(c, l), kv = peek(c, r);
	if (cur.k != V_UNK || kv.k != V_INT)
		return;
	val v = vint(kv.i);
	v.t = T_ASSUMED;
	assign_to(c, l, v);
}

/* Does the statement leave the code around it (break, continue, return,
 * goto)? */
static int arm_jumps(const ir_stmt *s)
{
	if (!s)
		return 0;
	if (s->kind == S_BREAK || s->kind == S_CONTINUE || s->kind == S_RETURN || s->kind == S_GOTO)
		return 1;
	for (int i = 0; i < s->nkids; i++)
		if (arm_jumps(s->kids[i]))
			return 1;
	return 0;
}

static void exec_branch(ctx *c, ir_stmt *s)
{
	enter(c, s->block, c->mult, c->mult, c->unk, NULL);
	val k = eval(c, s->e); /* the condition itself always runs */
	flush_ops(c);
	int live = decided_arm(c, s, &k);
	if (live >= -1 && s->kind == S_IF && c->conc_depth > 0 && !c->rep && !c->seen_rest &&
	    c->mult > 0)
		seen_note(c, s, live == 0);
	int refilled = 0;
	if (live != 0 && !c->p->opts.paths_all && refill_branch(c, s)) {
		/* a stream loop's rest: its refill runs on every iteration,
		 * whatever the walked iterations left in the buffer's count */
		live = 0;
		refilled = 1;
		annotate(c, s->block, 0,
			 note(c,
			      "branch at %s:%d refills the input of a stream loop: taken on every "
			      "iteration of its rest",
			      c->p->blocks.v[s->block].file, s->line));
	}
	double fp;
	/* a buffer flush on a member a loop walked once steps (`if (w->n ==
	 * CAP) wflush(w);`: an arm that calls and does not leave): the fill
	 * rule's share, not the first iteration's decision */
	if (!refilled && live >= -1 && s->kind == S_IF && s->nkids == 1 && c->once_loops.n &&
	    c->mult > 0 && !c->p->opts.paths_all && stmt_has(s->kids[0], 'c') &&
	    !arm_jumps(s->kids[0]) && fill_prob(c, s->e, &fp))
		live = -2;
	/* a flag the loop walked once raises and lowers: the first
	 * iteration's value does not decide the others' */
	const char *tog0 = c->toggle_usr;
	int once_if = live >= -1 && !refilled && s->kind == S_IF && c->once_loops.n &&
		      c->mult > 0 && !c->p->opts.paths_all;
	if (once_if && !((k.t & T_ARMP) && k.f < 1) && toggled_test(c, s->e)) {
		live = -2;
		ir_expr *m = strip_casts(s->e);
		c->toggle_usr = (m->kind == E_UN ? strip_casts(m->kids[0]) : m)->usr;
		first_pass_undecided(c, s, "a flag that the loop walked once sets and clears");
	} else if (once_if && !(k.t & (T_ARMW | T_ARMP)) && stepped_zero_test(c, s->e)) {
		/* a zero test of a field the loop walked once steps (`if
		 * (ctx->col)` next to `ctx->col += n`): so too */
		live = -2;
		first_pass_undecided(c, s, "whether a field the loop walked once steps is zero");
	}
	arm_odds ao = { 0 };
	if (live >= -1 && !refilled && armw_odds(c, s, &k, live, &ao))
		live = -3;
	else if (live != -2 && (k.t & (T_ARMW | T_RETW)))
		flag_armw_decided(c, s, k.t);
	else if (live != -2 && c->once_loops.n && c->mult > 0)
		flag_stepped_decided(c, s);
	size_t *once = s->kind == S_IF && live == 0 && c->mult > 0 ? once_state(c, s) : NULL;
	if (once)
		once_add(once, c->mult); /* a run-once guard's arm runs */
	if (live >= 0) {
		c->switch_depth += s->kind == S_SWITCH;
		if (s->kind == S_SWITCH)
			exec_arm(c, s, live);
		else
			exec(c, s->kids[live]);
		c->switch_depth -= s->kind == S_SWITCH;
	} else if (live == -2) {
		arm_odds o = { 0 };
		branch_odds(c, s, &k, &o);
		if (o.nt)
			annotate(c, s->block, o.bits, o.nt);
		once = s->kind == S_IF && o.pr[0] > 0 && c->mult > 0 ? once_state(c, s) : NULL;
		if (once)
			once_add(once, c->mult * o.pr[0]);
		exec_arms_merged(c, s, &o);
		if (s->kind == S_IF && s->nkids == 1 && o.pr[0] <= 0 &&
		    (o.kind == PR_EXIT || o.kind == PR_ERROR || o.kind == PR_FAIL))
			guard_holds(c, s->e);
		if (o.pr != o.pr_few)
			free(o.pr);
	} else if (live == -3) {
		annotate(c, s->block, ao.bits, ao.nt);
		exec_arms_merged(c, s, &ao);
	}
	c->toggle_usr = tog0;
	leave(c, s->block);
}

/* The index in f's body of the label at line `target`, when it is one of
 * the body's own statements (`done:` at the end of the function); 0
 * otherwise.  A goto certain to run jumps there from any depth (branches,
 * loops, `do { } while (0)`) when the label comes after it; a label inside
 * a nested statement, a backward jump or an unknown target is not followed. */
static int seq_label(const ir_stmt *b, int target)
{
	if (!b || b->kind != S_SEQ || target <= 0)
		return 0;
	for (int i = 1; i < b->nkids; i++) {
		const ir_stmt *k = b->kids[i];
		if (k && k->kind == S_SEQ && k->nkids && k->kids[0] &&
		    k->kids[0]->kind == S_LABEL && k->kids[0]->line == target)
			return i;
	}
	return 0;
}

static int body_label(const ir_func *f, int target)
{
	return seq_label(f ? f->body : NULL, target);
}

/* A goto certain to run in a pass of a loop run iteration by iteration,
 * to a label of that loop's body (`goto nextarg;` out of a switch and an
 * inner loop, `nextarg: continue;` at the body's end): the body of the
 * innermost such loop holding the label, whose pass goes on there; NULL
 * when there is none or something unknown decided the way here. */
static const ir_stmt *loop_label_body(ctx *c, int target)
{
	for (size_t i = c->conc_stack.n; i-- > 0;) {
		const conc_loop *l = &c->conc_stack.v[i];
		if (l->fr != c->fr)
			break;
		const ir_stmt *b = l->s->nkids ? l->s->kids[0] : NULL;
		if (seq_label(b, target))
			return c->cond == l->cond ? b : NULL;
	}
	return NULL;
}

/* A block: its statements in order (nothing after a goto until a label),
 * the arrays declared in it freed at its end. */
static void exec_seq(ctx *c, ir_stmt *s)
{
	/* a sequence that ends the program (exit, abort, or a function
	 * that always exits) runs at most once per run, whatever loop
	 * it sits in (a fork's child is a run of its own) */
	double saved_mult = c->mult;
	if (c->mult > 1 && !c->forked && seq_exits(c, s)) {
		flush_ops(c);
		c->mult = 1;
		c->capped++;
	}
	double live0 = c->fr ? c->fr->live : 1;
	/* arrays declared in this scope live until its end */
	double arrays = 0;
	int dead = 0; /* after a goto: nothing runs until a label */
	for (int i = 0; i < s->nkids; i++) {
		ir_stmt *k = s->kids[i];
		if (k && k->kind == S_SEQ && k->nkids && k->kids[0] && k->kids[0]->kind == S_LABEL)
			dead = 0;
		if (dead)
			continue;
		if (k && k->kind == S_GOTO && !c->p->opts.paths_all)
			dead = 1;
		double km = c->mult, kl = c->fr ? c->fr->live : 1;
		exec(c, k);
		if (k && k->kind == S_SEQ)
			for (int j = 0; j < k->nkids; j++) {
				ir_stmt *d = k->kids[j];
				if (d && d->kind == S_DECL && d->var && !d->var->global &&
				    d->var->array_len > 0 && d->var->size > 0)
					arrays += (double)d->var->size;
			}
		if (c->fr && c->fr->returned == 2 && !c->brk &&
		    (s == c->fr->fn->body || s == c->fr->jump_body)) {
			/* a goto certain to run: on at its label (body_label,
			 * loop_label_body) */
			int at = seq_label(s, c->fr->jump);
			if (at > i) {
				/* at the count the statement began with (a loop
				 * walked as a whole left it multiplied), less the
				 * entries that returned in it */
				c->mult = kl > 0 ? km * (c->fr->live / kl) : km;
				c->fr->returned = 0;
				dead = 0;
				i = at - 1;
				continue;
			}
		}
		if ((c->fr && c->fr->returned) || c->brk)
			break;
	}
	if (arrays > 0 && c->v->alloc)
		c->v->alloc(c->v->payload, -arrays);
	flush_ops(c);
	/* entries that left in a branch inside do not come back */
	c->mult = c->fr && live0 > 0 ? saved_mult * (c->fr->live / live0) : saved_mult;
}

static void exec_decl(ctx *c, ir_stmt *s)
{
	if (s->var->global) /* a static local: initialized once, before the run */
		return;
	val *st = storage(c, s->var);
	if (s->var->array_len > 0 && s->var->size > 0 && !s->var->global && c->v->alloc)
		c->v->alloc(c->v->payload, (double)s->var->size);
	if (!st)
		return;
	if (s->e) {
		val v = eval_stored(c, s->e);
		c->ops++;
		if (v.k == V_STR && s->var->array_len > 0) /* char line[64] = "..." */
			v = own_str(c->a, v.s, strlen(v.s));
		*st = v;
		struct_assigned(c, s->var, &v);
	} else if (s->var->array_len > 0) {
		/* an array without initializer: elements unknown */
		val a = { 0 };
		a.k = V_ARR;
		a.a = vd_arena_alloc(c->a, sizeof(arr));
		a.a->level = c->fr ? c->fr->level : -1;
		/* only small arrays (dims, tables) carry values the analysis needs;
		 * a larger one reads as unknown and its writes are not kept */
		int n = s->var->array_len <= ARR_SMALL ? (int)s->var->array_len : 0;
		a.a->n = n;
		a.a->v = NULL; /* allocated on the first write */
		*st = a;
	} else {
		*st = unk(0);
	}
	flush_ops(c);
}

static int last_goto_line(const ir_stmt *s)
{
	if (!s)
		return 0;
	int m = s->kind == S_GOTO ? s->line : 0;
	for (int i = 0; i < s->nkids; i++) {
		int k = last_goto_line(s->kids[i]);
		m = k > m ? k : m;
	}
	int k = last_goto_line(s->init);
	return k > m ? k : m;
}

static void exec_label(ctx *c, const ir_stmt *s)
{
	if (c->fr)
		join_at_label(c, s->line);
	/* gotos jump here from places the walk does not follow: what the
	 * function writes anywhere may hold any of its values here.  Unless
	 * no goto has run in this call so far and none comes after the label
	 * (a loop made with a goto): then only the way in from above reaches
	 * it, and the values are the ones it brings (`if (!f) { nf = k; goto
	 * out; }` on an error path not taken leaves nf as counted). */
	if (c->fr && c->fr->fn) {
		ir_func *fn = c->fr->fn;
		if (!fn->last_goto)
			fn->last_goto = last_goto_line(fn->body) + 1;
		if (!c->fr->gotos && fn->last_goto - 1 < s->line && !c->p->opts.paths_all)
			return;
		if (fn->nwritten < 0) {
			varvec w = { 0 };
			writes_stmt(fn->body, &w);
			fn->written = vd_arena_alloc(c->p->arena, (w.n + 1) * sizeof(ir_var *));
			if (fn->written && w.n)
				memcpy(fn->written, w.v, w.n * sizeof(ir_var *));
			fn->nwritten = fn->written ? (int)w.n : 0;
			vd_vec_free(w);
		}
		for (int i = 0; i < fn->nwritten; i++) {
			ir_var *v = fn->written[i];
			val *st = v->global ? NULL : storage(c, v);
			if (st && st->k != V_ARR && st->k != V_MEM && st->k != V_HANDLE &&
			    st->k != V_REF)
				*st = unk(st->t & ~(unsigned)T_FACTS);
		}
	}
}

static void exec(ctx *c, ir_stmt *s)
{
	if (!s || (c->fr && c->fr->returned) || c->brk)
		return;
	c->steps++;
	switch (s->kind) {
	case S_SEQ:
		exec_seq(c, s);
		break;
	case S_DECL:
		exec_decl(c, s);
		break;
	case S_EXPR:
		c->stmt_val = eval(c, s->e);
		flush_ops(c);
		break;
	case S_RETURN: {
		val v = s->e ? eval(c, s->e) : unk(0);
		flush_ops(c);
		/* after a decision that rests on a value one walk of a loop or
		 * an arm left, what the call returns does too: the caller's
		 * tests of it are flagged (T_RETW), as the decision was */
		if (c->fr && c->fr->flagged && !c->p->opts.paths_all)
			v.t |= T_RETW;
		if (c->fr) {
			ret_mass_add(c, &v);
			c->fr->ret = c->fr->has_ret ? merge(&c->fr->ret, &v) : v;
			c->fr->has_ret = 1;
			if (c->cond == c->fr->cond0) {
				c->fr->returned = 1;
			} else if (!c->p->opts.paths_all) {
				/* the entries that reach it leave: nothing after it in
				 * this arm runs, and the arm's share is taken from what
				 * follows the branch */
				c->fr->live = 0;
				c->mult = 0;
			}
		}
		break;
	}
	case S_IF:
	case S_SWITCH:
		exec_branch(c, s);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		c->loop_depth++;
		exec_loop(c, s);
		c->loop_depth--;
		break;
	case S_LABEL:
		exec_label(c, s);
		break;
	case S_GOTO:
		if (c->fr && c->mult > 0) { /* a path counted 0 times jumps nowhere */
			if (c->cond == c->fr->cond0 && !c->fr->guessed && !c->p->opts.paths_all &&
			    s->target > s->line && body_label(c->fr->fn, s->target)) {
				/* certain to run - every branch of the call so far
				 * decided, none guessed (a path a guess left alone
				 * may end in a failure the run never meets): leave
				 * every statement up to the function's body, which
				 * goes on at the label */
				c->fr->returned = 2;
				c->fr->jump = s->target;
				c->fr->jump_body = NULL;
			} else if (c->conc_depth && !c->p->opts.paths_all && s->target > s->line &&
				   (c->fr->jump_body = loop_label_body(c, s->target))) {
				c->fr->returned = 2;
				c->fr->jump = s->target;
			} else {
				c->fr->gotos++;
				/* an arm of an unknown condition (a goto a decided
				 * arm takes after an earlier guess is not a choice) */
				if (s->target > s->line && !c->p->opts.paths_all)
					join_exit(c, s->target);
			}
		}
		break;
	case S_BREAK:
	case S_CONTINUE:
		/* honoured in a loop run iteration by iteration, when nothing
		 * unknown decides it; elsewhere the walk goes on (the loop's
		 * count is an upper bound, see trip_count) */
		if (c->conc_depth && c->fr == c->conc_fr && c->loop_depth == c->conc_loops &&
		    c->switch_depth == c->conc_switches) {
			if (c->cond == c->conc_cond)
				c->brk = s->kind == S_BREAK ? 1 : 2;
			else if (s->kind == S_BREAK)
				c->conc_soft = 1; /* may leave: the count is an upper bound */
		} else if (s->kind == S_CONTINUE && c->fr && c->loop_depth > 0 &&
			   !c->p->opts.paths_all) {
			/* the iterations that reach it skip the rest of the body:
			 * nothing after it in this arm runs, and the arm's share is
			 * taken from what follows the branch (as for a return; the
			 * loop gives the next iteration its whole share back) */
			c->fr->live = 0;
			c->mult = 0;
		}
		break;
	default:
		break;
	}
}

/* ---- the walk ----------------------------------------------------------------------------- */

/* argv of the entry point from --args (argv[0] is "program"); unknown, and
 * *argc_out -1, when the string cannot be split (a quote left open) */
static val argv_value(ctx *c, int *argc_out)
{
	char **words = NULL;
	size_t n = 0;
	if (vd_split_words(c->a, c->p->opts.args, &words, &n) != 0) {
		vd_project_diag(c->p, VD_DIAG_WARNING, NULL, 0,
				"--args: %s: argc and argv are unknown", vd_error_last());
		*argc_out = -1;
		return unk(0);
	}
	val v = { 0 };
	v.k = V_ARR;
	v.a = vd_arena_alloc(c->a, sizeof(arr));
	v.a->n = (int)n + 2;
	v.a->v = vd_arena_alloc(c->a, (n + 2) * sizeof(val));
	v.a->v[0] = vstr("program");
	for (size_t i = 0; i < n; i++)
		v.a->v[i + 1] = vstr(words[i]);
	v.a->v[n + 1] = vint(0); /* argv[argc] == NULL */
	*argc_out = (int)n + 1;
	c->nargv = (int)n + 1;
	c->argv_arr = v.a;
	c->argv_words = vd_arena_alloc(c->a, (n + 2) * sizeof(char *));
	c->argv_read = vd_arena_alloc(c->a, n + 2);
	c->argv_len = vd_arena_alloc(c->a, (n + 2) * sizeof(size_t));
	for (size_t i = 0; c->argv_words && c->argv_read && i < n + 1; i++) {
		c->argv_words[i] = v.a->v[i].s;
		c->argv_len[i] = strlen(v.a->v[i].s);
	}
	if (!c->argv_words || !c->argv_read)
		c->nargv = 0;
	return v;
}

/* A zero-initialised global array: small ones (a table of up to
 * GLOBAL_ARR_MAX entries, an array of structs caching open files, node
 * pointers by id) keep their elements, zero until written; larger ones
 * read as unknown. */
#define GLOBAL_ARR_MAX 1024

static val zero_array(ctx *c, const ir_var *g)
{
	if (g->array_len > GLOBAL_ARR_MAX)
		return unk(0);
	val v = { 0 };
	v.k = V_ARR;
	v.a = vd_arena_alloc(c->a, sizeof(arr));
	v.a->level = -1;
	v.a->n = (int)g->array_len;
	v.a->v = vd_arena_alloc(c->a, (size_t)g->array_len * sizeof(val));
	for (int i = 0; i < v.a->n; i++)
		v.a->v[i] = vint(0);
	return v;
}

static void init_globals(ctx *c)
{
	vd_project *p = c->p;
	c->globals = vd_xcalloc(p->globals.n + 1, sizeof(val));
	c->gscratch = vd_xmalloc((p->globals.n + 1) * sizeof(int));
	memset(c->gscratch, 0xff, (p->globals.n + 1) * sizeof(int));
	for (size_t i = 0; i < p->globals.n; i++) {
		ir_var *g = p->globals.v[i];
		if (g->init)
			c->globals[i] = eval(c, g->init);
		else if (g->has_def)
			c->globals[i] = g->array_len > 0 ? zero_array(c, g)
							 : vint(0); /* zero-initialised */
		else
			c->globals[i] = unk(0);
	}
	c->ops = 0;
}

/* --entry NAME, or FILE:NAME when several programs define NAME: the first
 * function of that name, with a note naming the others */
/* What the loader does before main: every function marked
 * __attribute__((constructor)) runs once, in the order the database lists
 * them (priorities are not read), so the tables they register - I/O
 * engines, options - are filled when main starts. */
static void run_constructors(ctx *c)
{
	for (size_t i = 0; i < c->p->funcs.n; i++) {
		ir_func *f = c->p->funcs.v[i];
		if (f->is_ctor && f->body && f->nparams == 0)
			call_function(c, f, NULL, 0);
	}
}

static ir_func *find_entry(ctx *c)
{
	vd_project *p = c->p;
	const char *ename = p->opts.entry, *efile = NULL;
	const char *colon = strrchr(ename, ':');
	if (colon) {
		efile = vd_arena_strndup(c->a, ename, (size_t)(colon - ename));
		ename = colon + 1;
	}
	ir_func *entry = NULL;
	int nentries = 0;
	vd_buf others = VD_BUF_INIT;
	for (size_t i = 0; i < p->funcs.n; i++) {
		ir_func *f = p->funcs.v[i];
		if (strcmp(f->name, ename) || (efile && strcmp(f->file, efile)))
			continue;
		if (!entry)
			entry = f;
		else
			vd_buf_printf(&others, "%s%s:%s", nentries > 1 ? ", " : "", f->file,
				      f->name);
		nentries++;
	}
	if (nentries > 1)
		vd_project_diag(
			p, VD_DIAG_NOTE, entry->file, entry->line,
			"%d functions are named '%s' (several programs?): analyzing %s:%s from "
			"the entry; %s %s analyzed as unreachable code (choose with --entry "
			"FILE:%s)",
			nentries, ename, entry->file, entry->name, vd_buf_cstr(&others),
			nentries > 2 ? "are" : "is", ename);
	vd_buf_release(&others);
	return entry;
}

/* ---- the state code the entry does not reach is walked from -----------------------
 * Every function the entry does not reach is walked on its own from the
 * state the entry's walk (and phase 3) left: globals, struct fields,
 * heap objects and arrays reachable from them, strings in the program's
 * buffers, handles, file sizes, texts written, run-once guards, call
 * summaries' bookkeeping.  That state is saved once and put back after
 * each such walk, so that no walk sees what another did: each one's
 * result depends on its own code, its callees' and that state only,
 * whatever else the program holds or in what order they run. */

typedef struct arr_save {
	arr *a;
	arr old;
	val *v;    /* copy of old.v[0 .. old.n) */
	int group; /* the roots it is reached from (start_state.group) */
} arr_save;

typedef struct cell_save {
	val *cell;
	val old;
} cell_save;

typedef struct text_save {
	char *lo; /* a program's buffer, or an --args word */
	char *copy;
	size_t len;
} text_save;

typedef struct wtext_save {
	wtext *w;
	wtext old;
} wtext_save;

typedef struct start_state {
	val *globals;
	field_val *fields;
	size_t nfields;
	handle *handles;
	size_t nhandles;
	size_t nfiles;
	double *fsizes;   /* written, made per file */
	int *memo_counts; /* memo_tries, memo_fails per function */
	VD_VEC(arr_save) arrs;
	VD_VEC(cell_save) cells;
	VD_VEC(text_save) texts;
	VD_VEC(wtext_save) wtexts;
	VD_VEC(wcache_ent) onces;
	size_t nonce_keys;
	VD_VEC(const val *) todo;
	const void **seen; /* open addressing: the objects saved */
	int *seen_root;    /* the root each was first reached from */
	size_t seen_cap, seen_n;
	/* Roots: the globals' slots (0 .. ng-1) and their fields (ng).  Roots
	 * whose values lead to one array or cell are in one group (union-find
	 * over `group`); a walk that used no root of a group cannot have
	 * reached its arrays. */
	int root;
	int *group;
	unsigned char *group_used;
	const char *strtok_rest;
	long zero_fills;
	double zero_bytes;
	vd_map *memo;
} start_state;

/* the group of root r (union-find, paths halved) */
static int group_of(start_state *s, int r)
{
	while (s->group[r] != r)
		r = s->group[r] = s->group[s->group[r]];
	return r;
}

/* 1 when p was already seen (else it is now); link: an array or a cell
 * (what it leads to was saved under the root that saw it first, which
 * joins the current root's group) */
static int seen_once(start_state *s, const void *p, int link)
{
	if ((s->seen_n + 1) * 2 > s->seen_cap) {
		const void **old = s->seen;
		int *oroot = s->seen_root;
		size_t ocap = s->seen_cap;
		s->seen_cap = ocap ? ocap * 2 : 4096;
		s->seen = vd_xcalloc(s->seen_cap, sizeof(void *));
		s->seen_root = vd_xcalloc(s->seen_cap, sizeof(int));
		for (size_t i = 0; i < ocap; i++)
			if (old[i]) {
				size_t k =
					(size_t)(((uintptr_t)old[i] >> 3) * 0x9e3779b97f4a7c15ull) &
					(s->seen_cap - 1);
				while (s->seen[k])
					k = (k + 1) & (s->seen_cap - 1);
				s->seen[k] = old[i];
				s->seen_root[k] = oroot[i];
			}
		free(old);
		free(oroot);
	}
	size_t k = (size_t)(((uintptr_t)p >> 3) * 0x9e3779b97f4a7c15ull) & (s->seen_cap - 1);
	while (s->seen[k]) {
		if (s->seen[k] == p) {
			if (link)
				s->group[group_of(s, s->seen_root[k])] = group_of(s, s->root);
			return 1;
		}
		k = (k + 1) & (s->seen_cap - 1);
	}
	s->seen[k] = p;
	s->seen_root[k] = s->root;
	s->seen_n++;
	return 0;
}

static void save_text(start_state *s, char *lo, size_t len)
{
	if (!lo || seen_once(s, lo, 0))
		return;
	text_save t = { lo, vd_xmalloc(len + 1), len };
	memcpy(t.copy, lo, len + 1);
	vd_vec_push(s->texts, t);
}

static void save_cell(start_state *s, val *cell)
{
	if (!cell || seen_once(s, cell, 1))
		return;
	cell_save cs = { cell, *cell };
	vd_vec_push(s->cells, cs);
	vd_vec_push(s->todo, cell);
}

static void save_arr(start_state *s, arr *a)
{
	if (!a || seen_once(s, a, 1))
		return;
	arr_save as = { a, *a, NULL, s->root };
	if (a->v && a->n > 0) {
		as.v = vd_xmalloc((size_t)a->n * sizeof(val));
		memcpy(as.v, a->v, (size_t)a->n * sizeof(val));
		for (int i = 0; i < a->n; i++)
			vd_vec_push(s->todo, &a->v[i]);
	}
	vd_vec_push(s->arrs, as);
	save_cell(s, a->text);
	save_arr(s, a->elems);
}

/* what a value leads to: arrays, heap objects, referenced storage (not a
 * local of a call that has returned: its frame is freed, see ref_live),
 * the program's string buffers */
static void save_reach(const ctx *c, start_state *s)
{
	while (s->todo.n) {
		const val *v = s->todo.v[--s->todo.n];
		if (v->k == V_REF && !ref_live(c, v))
			continue;
		if (v->a)
			save_arr(s, v->a);
		if (v->k == V_REF)
			save_cell(s, v->ref);
		if (v->own)
			save_text(s, v->own->lo, v->own->len);
	}
}

static void state_save(ctx *c, start_state *s)
{
	vd_project *p = c->p;
	memset(s, 0, sizeof *s);
	size_t ng = p->globals.n;
	s->globals = vd_xmalloc((ng + 1) * sizeof(val));
	memcpy(s->globals, c->globals, ng * sizeof(val));
	/* what read-only globals lead to is not saved: the program does not
	 * write them (lookup tables: utf8proc's 38 912 entries, 16 MB per
	 * restore on ncdump), and their own values are in s->globals */
	s->group = vd_xmalloc((ng + 1) * sizeof(int));
	s->group_used = vd_xcalloc(ng + 1, 1);
	for (size_t i = 0; i <= ng; i++)
		s->group[i] = (int)i;
	/* one root at a time, in the order one stack of them all is taken
	 * (the fields, then the globals last to first): the objects are saved
	 * in the same order, so a text two buffers share keeps the same length */
	s->root = (int)ng;
	s->nfields = c->fields.n;
	s->fields = vd_xmalloc((s->nfields + 1) * sizeof(field_val));
	if (s->nfields)
		memcpy(s->fields, c->fields.v, s->nfields * sizeof(field_val));
	for (size_t i = 0; i < s->nfields; i++)
		vd_vec_push(s->todo, &c->fields.v[i].v);
	save_reach(c, s);
	for (size_t i = ng; i-- > 0;)
		if (!p->globals.v[i]->read_only) {
			s->root = (int)i;
			vd_vec_push(s->todo, &c->globals[i]);
			save_reach(c, s);
		}
	for (size_t i = 0; i < s->arrs.n; i++)
		s->arrs.v[i].group = group_of(s, s->arrs.v[i].group);
	c->root_used = vd_xcalloc(ng + 1, 1);
	for (int i = 0; i < c->nargv; i++)
		save_text(s, (char *)c->argv_words[i], c->argv_len[i]);
	s->nhandles = c->handles.n;
	s->handles = vd_xmalloc((s->nhandles + 1) * sizeof(handle));
	memcpy(s->handles, c->handles.v, s->nhandles * sizeof(handle));
	s->nfiles = p->files.n;
	s->fsizes = vd_xmalloc((2 * s->nfiles + 1) * sizeof(double));
	for (size_t i = 0; i < s->nfiles; i++) {
		s->fsizes[2 * i] = p->files.v[i].written;
		s->fsizes[2 * i + 1] = p->files.v[i].made;
	}
	s->memo_counts = vd_xmalloc((2 * p->funcs.n + 1) * sizeof(int));
	for (size_t i = 0; i < p->funcs.n; i++) {
		s->memo_counts[2 * i] = p->funcs.v[i]->memo_tries;
		s->memo_counts[2 * i + 1] = p->funcs.v[i]->memo_fails;
	}
	size_t it = 0;
	const char *key;
	void *w;
	while (c->wtexts && vd_map_next(c->wtexts, &it, &key, &w)) {
		wtext_save ws = { w, *(wtext *)w };
		vd_vec_push(s->wtexts, ws);
	}
	for (size_t i = 0; i < c->once_keys.n; i++)
		vd_vec_push(s->onces, c->wcache[wcache_slot(c, c->once_keys.v[i])]);
	s->nonce_keys = c->once_keys.n;
	s->strtok_rest = c->strtok_rest;
	s->zero_fills = c->zero_fills;
	s->zero_bytes = c->zero_bytes;
	s->memo = c->memo;
	c->memo = vd_map_new();
	if (c->v->standalone)
		c->v->standalone(c->v->payload, 1);
}

/* back to the saved state after a walk of unreached code */
static void state_restore(ctx *c, start_state *s)
{
	vd_project *p = c->p;
	memcpy(c->globals, s->globals, p->globals.n * sizeof(val));
	c->fields.n = 0;
	for (size_t i = 0; i < s->nfields; i++)
		vd_vec_push(c->fields, s->fields[i]);
	/* the arrays of the roots the walk used (most walks use few globals:
	 * fio saves 3.5 MB of elements, restored after each of 500 walks) */
	for (size_t r = 0; r <= p->globals.n; r++)
		if (c->root_used[r])
			s->group_used[group_of(s, (int)r)] = 1;
	for (size_t i = 0; i < s->arrs.n; i++) {
		arr_save *as = &s->arrs.v[i];
		if (!s->group_used[as->group])
			continue;
		*as->a = as->old;
		if (as->v)
			memcpy(as->a->v, as->v, (size_t)as->a->n * sizeof(val));
	}
	memset(c->root_used, 0, p->globals.n + 1);
	memset(s->group_used, 0, p->globals.n + 1);
	for (size_t i = 0; i < s->cells.n; i++)
		*s->cells.v[i].cell = s->cells.v[i].old;
	for (size_t i = 0; i < s->texts.n; i++) /* some are literals: changed ones only */
		if (memcmp(s->texts.v[i].lo, s->texts.v[i].copy, s->texts.v[i].len + 1))
			memcpy(s->texts.v[i].lo, s->texts.v[i].copy, s->texts.v[i].len + 1);
	/* library inputs the walk opened are closed; the saved ones stay */
	for (size_t i = s->nhandles; i < c->handles.n; i++) {
		handle *h = &c->handles.v[i];
		if (h->sci_nc && !h->sci_var) {
			vd_sci_nc_close(h->sci_nc - 1);
			c->nc_inputs--;
		}
		if (h->sci_h5)
			vd_sci_h5_close(h->sci_h5);
	}
	c->handles.n = 0;
	for (size_t i = 0; i < s->nhandles; i++)
		vd_vec_push(c->handles, s->handles[i]);
	for (size_t i = 0; i < p->files.n; i++) {
		int old = i < s->nfiles;
		p->files.v[i].written = old ? s->fsizes[2 * i] : 0;
		p->files.v[i].made = old ? s->fsizes[2 * i + 1] : -1;
	}
	for (size_t i = 0; i < p->funcs.n; i++) {
		p->funcs.v[i]->memo_tries = s->memo_counts[2 * i];
		p->funcs.v[i]->memo_fails = s->memo_counts[2 * i + 1];
	}
	size_t it = 0;
	const char *key;
	void *w;
	while (c->wtexts && vd_map_next(c->wtexts, &it, &key, &w))
		((wtext *)w)->ok = 0; /* a text the walk began: as if never written */
	for (size_t i = 0; i < s->wtexts.n; i++)
		*s->wtexts.v[i].w = s->wtexts.v[i].old;
	for (size_t i = s->nonce_keys; i < c->once_keys.n; i++)
		c->wcache[wcache_slot(c, c->once_keys.v[i])].n = 0; /* (double) 0: never ran */
	for (size_t i = 0; i < s->onces.n; i++)
		c->wcache[wcache_slot(c, s->onces.v[i].key)].n = s->onces.v[i].n;
	c->strtok_rest = s->strtok_rest;
	c->zero_fills = s->zero_fills;
	c->zero_bytes = s->zero_bytes;
	vd_map_free(c->memo); /* its summaries were this walk's */
	c->memo = vd_map_new();
	if (c->v->standalone)
		c->v->standalone(c->v->payload, 0);
}

static void state_free(ctx *c, start_state *s)
{
	vd_map_free(c->memo);
	c->memo = s->memo;
	free(s->globals);
	free(s->fields);
	free(s->handles);
	free(s->group);
	free(s->group_used);
	free(s->seen_root);
	free(c->root_used);
	c->root_used = NULL;
	free(s->fsizes);
	free(s->memo_counts);
	for (size_t i = 0; i < s->arrs.n; i++)
		free(s->arrs.v[i].v);
	for (size_t i = 0; i < s->texts.n; i++)
		free(s->texts.v[i].copy);
	vd_vec_free(s->arrs);
	vd_vec_free(s->cells);
	vd_vec_free(s->texts);
	vd_vec_free(s->wtexts);
	vd_vec_free(s->onces);
	vd_vec_free(s->todo);
	free(s->seen);
}

/* CPU seconds of the calling thread (the walk's) */
static double thread_cpu(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* phase `ph` ran from t0/cpu0/steps0 until now */
static void phase_done(ctx *c, int ph, double t0, double cpu0, long steps0)
{
	vd_walk_stats *w = &c->p->walk_stats;
	w->wall_s[ph] += vd_now() - t0;
	w->cpu_s[ph] += thread_cpu() - cpu0;
	w->steps[ph] += c->steps - steps0;
}

/* The step limit of a function a budget cut left unwalked, walked on its
 * own after the entry's walk (phase 3, which began at steps2): a quarter
 * of what is left of UNREACHED_BUDGET, at least UNREACHED_FLOOR. */
static long own_share(const ctx *c, long steps2)
{
	long left = UNREACHED_BUDGET - (c->steps - steps2);
	return c->steps + (left / 4 > UNREACHED_FLOOR ? left / 4 : UNREACHED_FLOOR);
}

/* After a budget cut, a function the entry's walk did not reach whose
 * address is stored somewhere (`.queue = fio_psyncio_queue` in an engine's
 * table) may be what an indirect call in the code the cut left unwalked
 * runs: its I/O is not known not to run.  Its blocks keep count 0, are
 * flagged, and count as reached (not as code the entry never reaches). */
static void flag_cut_targets(ctx *c)
{
	vd_project *p = c->p;
	vd_map *seen = vd_map_new();
	for (size_t i = 0; i < p->stores.n; i++) {
		const char *usr = p->stores.v[i].func_usr;
		ir_func *f = usr ? vd_map_get(p->func_by_usr, usr) : NULL;
		if (!f || f->reached || f->budget_cut || !f->body || f->block < 0 ||
		    vd_map_has(seen, usr))
			continue;
		vd_map_put(seen, usr, f);
		const char *nt = note(c,
				      "%s: not reached from the entry, whose walk the evaluation "
				      "budget cut; its address is stored, so an indirect call in "
				      "the code left unwalked may run it: count unknown",
				      f->name);
		annotate(c, f->block, COUNT_BITS | P_BIT(3) | P_BIT(8), nt);
		flag_arg fa = { c, nt };
		ir_any_stmt(f->body, flag_io_at, &fa);
	}
	vd_map_free(seen);
}

/* Phase 3: the functions a budget cut left unwalked from the entry.  They
 * are reachable: each is walked once on its own with unknown parameters,
 * as many times as the calls the cut made (their expected executions),
 * flagged; what it does stays in its blocks, out of the program's totals
 * (the aggregator's active(); the blocks between the entry and the cut do
 * not get it either: their notes name the cut).
 * A call it makes that its own share of steps cannot unroll is cut again,
 * noted, and its callee walked with the unreached code: a cascade of walks
 * with unknown parameters reaches code an unknown dispatch selects, and
 * over-counts more than it adds. */
static void walk_cut(ctx *c, long steps2)
{
	vd_project *p = c->p;
	double t0 = vd_now(), cpu0 = thread_cpu();
	*c->vphase = 3;
	c->phase = 3;
	for (size_t i = 0; i < p->funcs.n; i++) {
		ir_func *f = p->funcs.v[i];
		if (!f->budget_cut || vd_runtime_name(f->name))
			continue;
		p->walk_stats.walks[3]++;
		c->mult = f->cut_mult;
		c->cond = 0;
		c->nnotes = 0;
		c->step_limit = own_share(c, steps2);
		const char *nt = note(c,
				      "%s: not walked from the entry (evaluation budget "
				      "exhausted); analyzed once on its own with unknown "
				      "parameters",
				      f->name);
		c->unk = COUNT_BITS | P_BIT(3) | P_BIT(8);
		push_note(c, nt);
		annotate(c, f->block, c->unk, nt);
		enter(c, 0, 1, 1, 0, NULL);
		val *args = vd_xcalloc((size_t)f->nparams + 1, sizeof(val));
		call_function(c, f, args, f->nparams);
		free(args);
		leave(c, 0);
	}
	if (c->budget_noted)
		flag_cut_targets(c);
	*c->vphase = 2;
	c->phase = 2;
	phase_done(c, 3, t0, cpu0, steps2);
}

/* Phase 2: functions the entry does not reach, once each, roots first
 * (a function only unreached code calls waits for the second pass, and is
 * walked on its own only if no walk of the first reached it).  Each walk
 * has UNREACHED_EACH steps and starts from the state phases 1 and 3 left
 * (state_save): its result does not depend on the others. */
static void walk_unreached(ctx *c)
{
	vd_project *p = c->p;
	long steps2 = c->steps;
	walk_cut(c, steps2);
	double t0 = vd_now(), cpu0 = thread_cpu();
	long steps0 = c->steps;
	start_state st;
	state_save(c, &st);
	for (size_t i = 0; i < p->calls.n; i++) {
		ir_expr *e = p->calls.v[i];
		if (!e->owner || e->owner->reached)
			continue;
		for (int k = 0; k < e->ncallees; k++)
			if (!e->callees[k]->reached && e->callees[k] != e->owner)
				e->callees[k]->unreached_caller = 1;
	}
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < p->funcs.n; i++) {
			ir_func *f = p->funcs.v[i];
			if (f->reached || (pass == 0 && f->unreached_caller))
				continue;
			/* vidya optimize's runtime (vd_rt.h): its calls are
			 * catalog calls, its code is not the program's */
			if (vd_runtime_name(f->name))
				continue;
			c->mult = 1;
			c->cond = 0;
			c->unk = 0;
			c->nnotes = 0;
			/* each on its own steps: a cut in phase 1 leaves nothing unwalked */
			c->step_limit = c->steps + UNREACHED_EACH;
			p->walk_stats.walks[2]++;
			val *args = vd_xcalloc((size_t)f->nparams + 1, sizeof(val));
			call_function(c, f, args, f->nparams);
			free(args);
			state_restore(c, &st);
		}
	state_free(c, &st);
	phase_done(c, 2, t0, cpu0, steps0);
	if (c->unreached_cuts)
		vd_project_diag(p, VD_DIAG_NOTE, NULL, 0,
				"code the entry does not reach: %lu calls not unrolled (each "
				"function is walked on its own within %ld steps); the blocks they "
				"miss are marked unknown",
				c->unreached_cuts, (long)UNREACHED_EACH);
}

/* What the user bound (--args words, --define names) and nothing read */
static void warn_unread_bindings(ctx *c, const ir_func *entry)
{
	vd_project *p = c->p;
	if (p->opts.args && entry)
		for (int i = 1; i < c->nargv; i++)
			if (!c->argv_read[i])
				vd_project_diag(
					p, VD_DIAG_WARNING, entry->file, entry->line,
					"--args: '%s' (argv[%d]) is never read by the code analyzed: "
					"it changed nothing",
					c->argv_words[i], i);
	for (size_t i = 0; i < p->opts.ndefines; i++) {
		const char *d = p->opts.defines[i];
		const char *eq = strchr(d, '=');
		char name[256];
		snprintf(name, sizeof(name), "%.*s", (int)(eq ? (size_t)(eq - d) : strlen(d)), d);
		if (!vd_map_has(p->defines_read, name))
			vd_project_diag(
				p, VD_DIAG_WARNING, NULL, 0,
				"--define %s: no variable, struct field or macro of that name is "
				"read by the code analyzed: it changed nothing",
				name);
	}
}

static void ctx_release(ctx *c)
{
	free(c->globals);
	free(c->gscratch);
	vd_vec_free(c->glog);
	vd_vec_free(c->rlog);
	vd_vec_free(c->flog);
	vd_vec_free(c->jpend);
	vd_vec_free(c->jrec);
	vd_vec_free(c->wlog);
	vd_vec_free(c->loops);
	vd_vec_free(c->seen);
	vd_vec_free(c->conc_stack);
	vd_map_free(c->memo);
	vd_map_free(c->interned);
	free(c->note_cache);
	vd_map_free(c->gwrites);
	vd_map_free(c->fsteps);
	vd_vec_free(c->once_loops);
	vd_vec_free(c->evcounts);
	vd_vec_free(c->elemtexts);
	for (size_t i = 0; i < c->chg_loops.n; i++)
		free(c->chg_loops.v[i].pre);
	vd_vec_free(c->chg_loops);
	vd_vec_free(c->lazyptrs);
	vd_map_free(c->contents);
	vd_map_free(c->nc_answered);
	vd_map_free(c->wtexts);
	vd_vec_free(c->fields);
	nc_input_close(c, NULL, 1);
	h5_input_close(c, NULL, 1);
	vd_vec_free(c->handles);
	free(c->wcache);
	vd_vec_free(c->once_keys);
	vd_arena_free(c->a);
}

static int walk(vd_project *p, const vd_visitor *v, int *phase)
{
	ctx c = { 0 };
	c.p = p;
	c.v = v;
	c.a = vd_arena_new();
	c.mult = 1;
	c.step_limit = EVAL_STEP_BUDGET;
	c.memo = vd_map_new();
	c.interned = vd_map_new();
	c.fx_min = INT_MAX;
	for (int i = 0; i < 3; i++)
		new_handle(&c); /* stdin, stdout, stderr */
	*phase = 1;
	c.phase = 1;
	c.shm_bytes = -1;
	memset(&p->walk_stats, 0, sizeof(p->walk_stats));
	double t0 = vd_now(), cpu0 = thread_cpu();
	init_globals(&c);

	ir_func *entry = find_entry(&c);
	enter(&c, 0, 1, 1, 0, NULL);
	if (entry) {
		val args[2];
		int argc = 0;
		args[1] = argv_value(&c, &argc);
		args[0] = p->opts.args && argc >= 0 ? vint(argc) : unk(0);
		if (!p->opts.args) /* without --args, argv's contents are unknown */
			args[1] = unk(0);
		run_constructors(&c);
		call_function(&c, entry, args, 2);
	} else {
		vd_project_diag(p, VD_DIAG_NOTE, NULL, 0,
				"entry point '%s' not found: every function is analyzed on its own",
				p->opts.entry);
	}
	leave(&c, 0);
	phase_done(&c, 1, t0, cpu0, 0);

	*phase = 2;
	c.phase = 2;
	c.vphase = phase;
	walk_unreached(&c);
	warn_unread_bindings(&c, entry);
	ctx_release(&c);
	return 0;
}

/* The walk recurses with the program's structure (expressions up to 2000
 * levels, calls up to --max-depth, statements, loops): it runs on a thread
 * of its own with a stack large enough for all of it (reserved, committed
 * only as used), not on whatever stack the caller has. */
#define WALK_STACK ((size_t)1 << 30)

typedef struct walk_args {
	vd_project *p;
	const vd_visitor *v;
	int *phase;
	int rc;
} walk_args;

static void *walk_thread(void *arg)
{
	walk_args *w = arg;
	w->rc = walk(w->p, w->v, w->phase);
	return NULL;
}

int vd_project_walk(vd_project *p, const vd_visitor *v, int *phase)
{
	walk_args w = { p, v, phase, -1 };
	pthread_attr_t at;
	pthread_t t;
	if (pthread_attr_init(&at) != 0)
		return walk(p, v, phase);
	int ok = pthread_attr_setstacksize(&at, WALK_STACK) == 0 &&
		 pthread_create(&t, &at, walk_thread, &w) == 0;
	pthread_attr_destroy(&at);
	if (!ok)
		return walk(p, v, phase); /* no thread to be had: the caller's stack */
	pthread_join(t, NULL);
	return w.rc;
}

const vd_walk_stats *vd_project_walk_stats(const vd_project *p)
{
	return &p->walk_stats;
}

const vd_file_info *vd_project_files(const vd_project *p, size_t *n)
{
	*n = p->files.n;
	return p->files.v;
}
