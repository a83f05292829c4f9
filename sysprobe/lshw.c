/*
 * lshw.c - running lshw and reading its XML.
 *
 * lshw knows what the kernel's files do not say plainly: DIMMs and banks
 * from the firmware tables, disk products, controllers and rotation speeds.
 * It is optional: when it is not installed, fails or takes longer than the
 * time allowed, the probe records why and carries on.  One run with
 * `-class memory -class disk -class storage` serves both the memory and the
 * storage parsers; its stderr (the "run as super-user" warning) is dropped.
 */
#define _GNU_SOURCE
#include "sp_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libxml/parser.h>

extern char **environ;

static int in_path(const char *prog)
{
	const char *path = getenv("PATH");
	vd_buf b = VD_BUF_INIT;
	int found = 0;

	if (!path || !*path)
		path = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
	while (!found && *path) {
		const char *colon = strchr(path, ':');
		size_t n = colon ? (size_t)(colon - path) : strlen(path);
		struct stat st;
		vd_buf_clear(&b);
		vd_buf_put(&b, n ? path : ".", n ? n : 1);
		vd_buf_putc(&b, '/');
		vd_buf_puts(&b, prog);
		if (stat(vd_buf_cstr(&b), &st) == 0 && S_ISREG(st.st_mode) &&
		    access(vd_buf_cstr(&b), X_OK) == 0)
			found = 1;
		path += n;
		if (*path == ':')
			path++;
	}
	vd_buf_release(&b);
	return found;
}

int sp_run_lshw(char **out, size_t *len, double timeout_s, const char **status,
		volatile sig_atomic_t *cancel)
{
	/* posix_spawnp takes char *const[]: the words are copied into writable
	 * arrays rather than casting string literals' constness away */
	static char w0[] = "lshw", w1[] = "-xml", w2[] = "-class", w3[] = "memory", w4[] = "-class",
		    w5[] = "disk", w6[] = "-class", w7[] = "storage";
	static char *const argv[] = { w0, w1, w2, w3, w4, w5, w6, w7, NULL };
	posix_spawn_file_actions_t fa;
	int fa_init = 0, pipefd[2] = { -1, -1 }, error = VD_ERROR, wstatus = 0;
	pid_t pid = -1;
	vd_buf b = VD_BUF_INIT;
	double deadline = vd_now() + timeout_s;

	*out = NULL;
	*status = "failed";
	if (!in_path("lshw")) {
		*status = "not installed";
		vd_error_set("lshw is not installed");
		return VD_ENOTFOUND;
	}
	if (pipe2(pipefd, O_CLOEXEC) < 0) {
		vd_error_set("unable to create a pipe for lshw: %s", strerror(errno));
		goto cleanup;
	}
	if (posix_spawn_file_actions_init(&fa) != 0)
		goto cleanup;
	fa_init = 1;
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	if ((errno = posix_spawnp(&pid, "lshw", &fa, NULL, argv, environ)) != 0) {
		pid = -1;
		*status = errno == ENOENT ? "not installed" : "failed";
		vd_error_set("unable to run lshw: %s", strerror(errno));
		goto cleanup;
	}
	close(pipefd[1]);
	pipefd[1] = -1;

	for (;;) {
		char tmp[16384];
		struct pollfd pfd = { pipefd[0], POLLIN, 0 };
		double left = deadline - vd_now();
		ssize_t n;
		int pr;

		if (cancel && *cancel) {
			error = VD_EINTR;
			vd_error_set("interrupted");
			goto cleanup;
		}
		if (left <= 0) {
			*status = "timed out";
			vd_error_set("lshw did not finish within %.0f s", timeout_s);
			goto cleanup;
		}
		pr = poll(&pfd, 1, (int)(left * 1000) + 1);
		if (pr < 0 && errno == EINTR)
			continue;
		if (pr <= 0)
			continue; /* timeout or error: the deadline check decides */
		n = read(pipefd[0], tmp, sizeof(tmp));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		vd_buf_put(&b, tmp, (size_t)n);
	}
	while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
		;
	pid = -1;
	if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0 || b.len == 0) {
		vd_error_set("lshw failed");
		goto cleanup;
	}
	*status = geteuid() == 0 ? "ok" : "ok (not run as root: partial)";
	if (len)
		*len = b.len;
	*out = vd_buf_detach(&b);
	error = 0;

cleanup:
	if (pid > 0) {
		kill(pid, SIGKILL);
		while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
			;
	}
	if (fa_init)
		posix_spawn_file_actions_destroy(&fa);
	if (pipefd[0] >= 0)
		close(pipefd[0]);
	if (pipefd[1] >= 0)
		close(pipefd[1]);
	vd_buf_release(&b);
	return error;
}

/* ---- XML helpers ---------------------------------------------------------- */

xmlDoc *sp_xml_read(const char *xml, size_t len)
{
	xmlDoc *doc;

	if (!xml || len == 0 || len > 0x7fffffff)
		return NULL;
	/* RECOVER: lshw has been known to print stray bytes from firmware strings */
	doc = xmlReadMemory(xml, (int)len, "lshw.xml", NULL,
			    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
				    XML_PARSE_RECOVER);
	if (doc && !xmlDocGetRootElement(doc)) {
		xmlFreeDoc(doc);
		doc = NULL;
	}
	return doc;
}

int sp_xml_is(xmlNode *n, const char *name)
{
	return n && n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name);
}

static char *copy_xml_string(vd_arena *a, xmlChar *s)
{
	char *r = NULL;
	if (s) {
		char *t = vd_arena_strdup(a, (const char *)s);
		if (t) {
			r = sp_trim(t);
			if (!*r)
				r = NULL;
		}
		xmlFree(s);
	}
	return r;
}

char *sp_xml_child(vd_arena *a, xmlNode *n, const char *name)
{
	for (xmlNode *c = n ? n->children : NULL; c; c = c->next)
		if (sp_xml_is(c, name))
			return copy_xml_string(a, xmlNodeGetContent(c));
	return NULL;
}

char *sp_xml_attr(vd_arena *a, xmlNode *n, const char *name)
{
	return copy_xml_string(a, xmlGetProp(n, (const xmlChar *)name));
}

char *sp_xml_setting(vd_arena *a, xmlNode *n, const char *id)
{
	for (xmlNode *c = n ? n->children : NULL; c; c = c->next) {
		if (!sp_xml_is(c, "configuration"))
			continue;
		for (xmlNode *s = c->children; s; s = s->next) {
			xmlChar *sid;
			int match;
			if (!sp_xml_is(s, "setting"))
				continue;
			sid = xmlGetProp(s, (const xmlChar *)"id");
			match = sid && !strcmp((const char *)sid, id);
			xmlFree(sid);
			if (match)
				return sp_xml_attr(a, s, "value");
		}
	}
	return NULL;
}
