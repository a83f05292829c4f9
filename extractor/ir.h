/*
 * ir.h - vidya's own intermediate representation of C function bodies.
 *
 * frontend.c lowers libclang cursors into these structs (everything in the
 * project arena); eval.c interprets them abstractly.  The IR keeps exactly
 * what the evaluation needs: structured control flow, calls, variable
 * reads and writes, and integer/string/float arithmetic.  Internal to
 * extractor/.
 */
#ifndef VD_IR_H
#define VD_IR_H

#include <stddef.h>

#include "catalog.h"
#include "vd_extractor.h"
#include "vd_util.h"

typedef struct ir_var ir_var;
typedef struct ir_expr ir_expr;
typedef struct ir_stmt ir_stmt;
typedef struct ir_func ir_func;

struct ir_var {
	const char *usr;
	const char *name;
	int global;     /* 1: lives in the global environment (also static locals) */
	int slot;       /* index in the frame (locals/params) or the global table */
	long size;      /* sizeof, -1 unknown */
	long array_len; /* > 0 for constant arrays */
	long elem_size;
	int is_float;
	int is_pointer;
	int is_struct;
	ir_expr *init; /* globals: initializer */
	int has_def;   /* a definition (not just extern) was seen */
	int read_only; /* const-qualified (an array: its elements): the program never writes it */
	int const_pointee; /* a pointer to const (`const hsize_t count[]`): not written through */
};

enum {
	E_INT,
	E_FLOAT,
	E_STR,
	E_VAR,
	E_FUNCREF,
	E_BIN,
	E_UN,
	E_ASSIGN,
	E_INCDEC,
	E_CALL,
	E_MEMBER,
	E_INDEX,
	E_COND,
	E_INITLIST,
	E_CAST,
	E_COMMA,
	E_UNKNOWN,
	E_STMT
};

/* operators (E_BIN / E_ASSIGN compound op / E_UN) */
enum {
	OP_NONE,
	OP_ADD,
	OP_SUB,
	OP_MUL,
	OP_DIV,
	OP_MOD,
	OP_SHL,
	OP_SHR,
	OP_LT,
	OP_GT,
	OP_LE,
	OP_GE,
	OP_EQ,
	OP_NE,
	OP_BAND,
	OP_BOR,
	OP_XOR,
	OP_LAND,
	OP_LOR,
	OP_COMMA,
	OP_NEG,
	OP_PLUS,
	OP_NOT,
	OP_BNOT,
	OP_ADDR,
	OP_DEREF,
	OP_PREINC,
	OP_PREDEC,
	OP_POSTINC,
	OP_POSTDEC
};

struct ir_expr {
	unsigned char kind;
	unsigned char is_float; /* result type is floating */
	unsigned char is_unsigned;
	unsigned char is_array;  /* E_MEMBER: an array member (it decays to a non-null pointer) */
	unsigned char is_record; /* E_MEMBER: a struct or union member (fval: its offset) */
	int op;
	int line;
	int nkids;
	long long ival;
	double fval;
	const char *str; /* E_STR text; E_MEMBER field name; E_FUNCREF/E_CALL callee name */
	const char *usr; /* E_FUNCREF/E_CALL direct callee USR; E_MEMBER field USR */
	union {
		ir_var *var;   /* E_VAR */
		ir_stmt *stmt; /* E_STMT: a GNU statement expression ({ ... }) */
	};
	ir_expr **kids;
	/* E_CALL only: other expressions are allocated without these fields
	 * (IR_EXPR_SIZE), so they must be read only after checking the kind */
	ir_expr *callee;      /* callee expression when indirect */
	const char *slot_key; /* indirect: field USR or variable USR it was loaded from */
	const vd_catalog_entry *cat;
	ir_func **callees; /* resolved project targets */
	ir_func *owner;    /* the function containing the call */
	int block;         /* static block of this call (io or call), -1 none */
	int ncallees;
};

/* bytes to allocate for an expression of `kind` */
#define IR_EXPR_SIZE(kind) ((kind) == E_CALL ? sizeof(ir_expr) : offsetof(ir_expr, callee))

enum {
	S_SEQ,
	S_EXPR,
	S_DECL,
	S_IF,
	S_SWITCH,
	S_FOR,
	S_WHILE,
	S_DO,
	S_RETURN,
	S_BREAK,
	S_CONTINUE,
	S_NOP,
	S_GOTO,
	S_LABEL
};

struct ir_stmt {
	int kind;
	int line, end_line;
	ir_expr *e;     /* EXPR, RETURN, cond of IF/SWITCH/loops */
	ir_stmt *init;  /* FOR init */
	ir_expr *inc;   /* FOR increment */
	ir_stmt **kids; /* SEQ items; IF: then, else; loops: body; SWITCH: arms */
	int nkids;
	ir_expr **case_vals; /* SWITCH: value per arm, NULL = default */
	ir_var *var;         /* DECL */
	int block;           /* static block for loops and branches */
	long locals_bytes;   /* bytes of locals declared inside (loops/branches) */
	int target;          /* GOTO: the line of the label it jumps to (0: unknown) */
};

struct ir_func {
	const char *usr;
	const char *name;
	const char *file; /* project-relative */
	int line, end_line;
	ir_var **params;
	int nparams;
	int nslots; /* params + locals */
	long frame_bytes;
	ir_stmt *body;
	int block; /* function block */
	int is_variadic;
	int noreturn; /* its body always ends the program (exit, abort, ...) */
	int is_ctor;  /* __attribute__((constructor)): the loader runs it before main */
	/* walk state */
	int reached;          /* 1: reached from the entry, 2: in the standalone phase,
			       * 3: walked on its own after a budget cut (reachable) */
	int unreached_caller; /* called by a function the entry does not reach */
	int on_stack;
	int memo_tries, memo_fails; /* call summaries recorded / refused */
	int call_sites;             /* calls that may reach it; a site in a loop counts twice */
	int budget_cut;             /* a call to it was cut by the evaluation budget */
	int iter_cut;               /* a call of it from a `for (;;)` loop was cut */
	double cut_mult;            /* expected executions of the calls the budget cut */
	ir_var **written;           /* the variables its body writes (labels), once computed */
	int nwritten;               /* -1: not computed yet */
	int last_goto;              /* line of its last goto + 1 (0: not computed) */
	int fills;                  /* params whose text a string call writes (bit i: param i), -1:
				     * not computed yet */
	int moved;                  /* params the body assigns (bit i), once fills >= 0 */
};

/* An assignment of a function into a slot (struct field or variable):
 * field-based points-to analysis for indirect calls. */
typedef struct ir_store {
	const char *slot_key;
	const char *func_usr;
} ir_store;

#endif
