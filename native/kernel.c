/* urikit._kernel: the optional native kernel (issue 26; setup.py, URIKIT_KERNEL=1).
 *
 * The tables come from kernel_tables.h, generated at build time by urikit._kernel_gen
 * from the grammar: for each rule of RFC 3986 Appendix A its minimal DFA over byte
 * classes (state 0 dead), which states accept, and a fast path for states that loop
 * on themselves (a path segment, a query, a host) so that those bytes are tested
 * independently of one another instead of through the chain of transitions.
 *
 * is_valid(text, rule)  whether text matches the rule (a bool);
 * scan(text, rule)      the length of its longest viable prefix: the error position;
 * split(text)           the seven components of a URI-reference (RFC 3), or None.
 *
 * A rule the kernel lacks (or a name that is no rule) raises LookupError, and text
 * that is not a str TypeError: the Python side then answers as the pure path does.
 * The rules are ASCII only, so text with any other character matches none of them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    const char *name;
    const uint8_t *next;      /* state * KERNEL_ROW + byte class -> state; 0 is dead */
    const uint8_t *accepting; /* state -> 1 if it ends a match */
    const uint32_t *loop;     /* byte -> bits of the fast-path states it keeps */
    const uint32_t *mask;     /* state -> its fast-path bit, or 0 */
    uint8_t start;
} KernelRule;

#include "kernel_tables.h"

static PyObject *rule_index;              /* name -> index into kernel_rules */
static PyObject *last_name;               /* the name looked up last, and its rule */
static const KernelRule *last_rule;
static const KernelRule *reference_rule;  /* URI-reference, for split */

/* Run rule r over n ASCII bytes. Returns the state reached; *stop is the index of the
 * byte that led to the dead state, or n. */
static inline unsigned
run(const KernelRule *r, const uint8_t *text, Py_ssize_t n, Py_ssize_t *stop)
{
    const uint8_t *p = text, *end = text + n;
    const uint8_t *next = r->next;
    const uint32_t *loop = r->loop, *mask = r->mask;
    unsigned s = r->start;
    while (p < end) {
        uint32_t m = mask[s];
        if (m) {
            while (end - p >= 4 && (loop[p[0]] & loop[p[1]] & loop[p[2]] & loop[p[3]] & m))
                p += 4;
            while (p < end && (loop[*p] & m))
                p++;
            if (p == end)
                break;
        }
        s = next[s * KERNEL_ROW + kernel_class[*p]];
        if (s == 0)
            break;
        p++;
    }
    *stop = p - text;
    return s;
}

/* scan for text holding characters beyond ASCII: each of those is a dead end. */
static Py_ssize_t
scan_wide(const KernelRule *r, PyObject *text)
{
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    unsigned s = r->start;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c >= 128)
            return i;
        s = r->next[s * KERNEL_ROW + kernel_class[c]];
        if (s == 0)
            return i;
    }
    return n;
}

static const KernelRule *
lookup(PyObject *name)
{
    if (name == last_name)
        return last_rule;
    PyObject *index = PyUnicode_CheckExact(name) ? PyDict_GetItemWithError(rule_index, name)
                                                 : NULL;
    if (index == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetObject(PyExc_LookupError, name);
        return NULL;
    }
    const KernelRule *r = &kernel_rules[PyLong_AsSsize_t(index)];
    Py_INCREF(name);
    Py_XSETREF(last_name, name);
    last_rule = r;
    return r;
}

static int
ready_text(PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_Format(PyExc_TypeError, "expected str, not %.100s", Py_TYPE(text)->tp_name);
        return -1;
    }
    return PyUnicode_READY(text);
}

static int
two_arguments(const char *function, Py_ssize_t nargs)
{
    if (nargs == 2)
        return 0;
    PyErr_Format(PyExc_TypeError, "%s() takes 2 arguments (%zd given)", function, nargs);
    return -1;
}

static PyObject *
kernel_is_valid(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (two_arguments("is_valid", nargs) < 0)
        return NULL;
    const KernelRule *r = lookup(args[1]);
    if (r == NULL || ready_text(args[0]) < 0)
        return NULL;
    PyObject *text = args[0];
    if (!PyUnicode_IS_ASCII(text))
        Py_RETURN_FALSE;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), stop;
    unsigned s = run(r, PyUnicode_1BYTE_DATA(text), n, &stop);
    return PyBool_FromLong(stop == n && r->accepting[s]);
}

static PyObject *
kernel_scan(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (two_arguments("scan", nargs) < 0)
        return NULL;
    const KernelRule *r = lookup(args[1]);
    if (r == NULL || ready_text(args[0]) < 0)
        return NULL;
    PyObject *text = args[0];
    if (!PyUnicode_IS_ASCII(text))
        return PyLong_FromSsize_t(scan_wide(r, text));
    Py_ssize_t stop;
    run(r, PyUnicode_1BYTE_DATA(text), PyUnicode_GET_LENGTH(text), &stop);
    return PyLong_FromSsize_t(stop);
}

static inline const uint8_t *
find(const uint8_t *from, const uint8_t *to, int c)
{
    return to > from ? memchr(from, c, (size_t)(to - from)) : NULL;
}

/* Store text[a:b] in slot i of fields, or None if a < 0 (the component is undefined). */
static inline int
put(PyObject *fields, Py_ssize_t i, PyObject *text, Py_ssize_t a, Py_ssize_t b)
{
    PyObject *part;
    if (a < 0) {
        part = Py_None;
        Py_INCREF(part);
    }
    else if ((part = PyUnicode_Substring(text, a, b)) == NULL)
        return -1;
    PyTuple_SET_ITEM(fields, i, part);
    return 0;
}

/* The components of s, a valid URI-reference, as RFC 3986 Appendix B splits it: for
 * valid text that split is the grammar's, because each delimiter it stops at cannot
 * occur inside the component before it (a scheme has no ":/?#", an authority no
 * "/?#", a path no "?#", a query no "#"; userinfo and host have no "@", a reg-name
 * no ":", an IP-literal ends at its "]"). Each bound is an index into s, -1 for a
 * component that is undefined (RFC 5.2.1). */
static PyObject *
components(PyObject *text, const uint8_t *s, Py_ssize_t n)
{
    const uint8_t *end = s + n, *p = s;
    Py_ssize_t scheme_end = -1, userinfo = -1, host = -1, host_end = -1, port = -1,
               authority_end = -1, query = -1, fragment = -1;
    while (p < end && *p != ':' && *p != '/' && *p != '?' && *p != '#')
        p++;
    if (p < end && *p == ':') {
        scheme_end = p - s;
        p++;
    }
    else
        p = s;
    const uint8_t *hash = find(p, end, '#');
    const uint8_t *query_end = hash ? hash : end;
    const uint8_t *question = find(p, query_end, '?');
    const uint8_t *path_end = question ? question : query_end;
    if (path_end - p >= 2 && p[0] == '/' && p[1] == '/') {
        const uint8_t *authority = p + 2, *h = authority;
        p = authority;
        while (p < path_end && *p != '/')
            p++;
        authority_end = p - s;
        const uint8_t *at = find(authority, p, '@');
        if (at) {
            userinfo = authority - s;
            h = at + 1;
        }
        const uint8_t *colon;
        if (h < p && *h == '[') {
            const uint8_t *close = find(h, p, ']');
            colon = close ? find(close, p, ':') : NULL;
        }
        else
            colon = find(h, p, ':');
        host = h - s;
        host_end = (colon ? colon : p) - s;
        if (colon)
            port = colon + 1 - s;
    }
    if (question)
        query = question + 1 - s;
    if (hash)
        fragment = hash + 1 - s;
    PyObject *fields = PyTuple_New(7);
    if (fields == NULL)
        return NULL;
    if (put(fields, 0, text, scheme_end < 0 ? -1 : 0, scheme_end) < 0
        || put(fields, 1, text, userinfo, host - 1) < 0
        || put(fields, 2, text, host, host_end) < 0
        || put(fields, 3, text, port, authority_end) < 0
        || put(fields, 4, text, p - s, path_end - s) < 0
        || put(fields, 5, text, query, query_end - s) < 0
        || put(fields, 6, text, fragment, n) < 0) {
        Py_DECREF(fields);
        return NULL;
    }
    return fields;
}

static PyObject *
kernel_split(PyObject *module, PyObject *text)
{
    if (ready_text(text) < 0)
        return NULL;
    if (!PyUnicode_IS_ASCII(text))
        Py_RETURN_NONE;
    const uint8_t *s = PyUnicode_1BYTE_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), stop;
    unsigned state = run(reference_rule, s, n, &stop);
    if (stop != n || !reference_rule->accepting[state])
        Py_RETURN_NONE;
    return components(text, s, n);
}

static PyMethodDef kernel_methods[] = {
    {"is_valid", (PyCFunction)(void (*)(void))kernel_is_valid, METH_FASTCALL,
     "is_valid(text, rule, /)\n--\n\nWhether text matches the rule (RFC 3986 Appendix A)."},
    {"scan", (PyCFunction)(void (*)(void))kernel_scan, METH_FASTCALL,
     "scan(text, rule, /)\n--\n\nThe length of the longest prefix of text that a match of "
     "the rule could have: the error position."},
    {"split", kernel_split, METH_O,
     "split(text, /)\n--\n\nThe seven components of a URI-reference (RFC 3), None where "
     "undefined; None if text is not one."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "urikit._kernel",
    "The optional native kernel: the grammar's DFAs as generated C tables.", -1,
    kernel_methods,
};

PyMODINIT_FUNC
PyInit__kernel(void)
{
    PyObject *module = PyModule_Create(&kernel_module);
    if (module == NULL)
        return NULL;
    PyObject *names = PyTuple_New(KERNEL_RULE_COUNT);
    rule_index = PyDict_New();
    if (names == NULL || rule_index == NULL)
        goto fail;
    for (Py_ssize_t i = 0; i < KERNEL_RULE_COUNT; i++) {
        PyObject *name = PyUnicode_InternFromString(kernel_rules[i].name);
        PyObject *index = PyLong_FromSsize_t(i);
        if (name == NULL || index == NULL || PyDict_SetItem(rule_index, name, index) < 0) {
            Py_XDECREF(name);
            Py_XDECREF(index);
            goto fail;
        }
        Py_DECREF(index);
        PyTuple_SET_ITEM(names, i, name);
        if (strcmp(kernel_rules[i].name, "URI-reference") == 0)
            reference_rule = &kernel_rules[i];
    }
    if (reference_rule == NULL) {
        PyErr_SetString(PyExc_ImportError, "the kernel has no URI-reference table");
        goto fail;
    }
    if (PyModule_AddObject(module, "RULES", names) < 0)
        goto fail;
    names = NULL;
    if (PyModule_AddStringConstant(module, "DIGEST", KERNEL_DIGEST) < 0)
        goto fail;
    return module;
fail:
    Py_XDECREF(names);
    Py_DECREF(module);
    return NULL;
}
