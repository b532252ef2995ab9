/* urikit._syntax._kernel: the optional native kernel (issue 26; setup.py, URIKIT_KERNEL=1).
 *
 * The tables come from kernel_tables.h, generated at build time by urikit._syntax.kernel_gen
 * from the grammar: for each rule of RFC 3986 Appendix A its minimal DFA over byte
 * classes (state 0 dead), which states accept, and a fast path for states that loop
 * on themselves (a path segment, a query, a host) so that those bytes are tested
 * independently of one another instead of through the chain of transitions.
 *
 * Its state (the rule names, what bind() gives) lives in the module, one per interpreter
 * (multi-phase initialization, PEP 489); the tables are constant and shared.
 *
 * is_valid(text, rule)  whether text matches the rule (a bool);
 * scan(text, rule)      the length of its longest viable prefix: the error position;
 * encoders(keep)       a component's percent-encoder and its check (RFC 2.1, 2.5);
 * column(rule, ...)     the verdicts of an Arrow string column's rows, read from its
 *                       offsets and data buffers, as a bitmap (issue 26 item 3);
 * split(text)           the seven components of a URI-reference (RFC 3), or None;
 * parse(text)           the value urikit.values.uri.parse returns for it, or None: the
 *                       components go straight into its slots (bind() says where).
 *
 * A rule the kernel lacks (or a name that is no rule) raises LookupError, and text
 * that is not a str TypeError: the Python side then answers as the pure path does.
 * The rules are ASCII only, so text with any other character matches none of them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <structmember.h>

typedef struct {
    const char *name;
    const uint8_t *next;      /* state * KERNEL_ROW + byte class -> state; 0 is dead */
    const uint8_t *accepting; /* state -> 1 if it ends a match */
    const uint32_t *loop;     /* byte -> bits of the fast-path states it keeps */
    const uint32_t *mask;     /* state -> its fast-path bit, or 0 */
    uint8_t start;
} KernelRule;

#include "kernel_tables.h"

/* What the kernel holds, per module: one for each interpreter that imports it (multi-phase
 * initialization, PEP 489; module state, PEP 573), so that no interpreter sees another's
 * objects. The tables themselves are constant and shared. */
typedef struct {
    PyObject *rule_index;              /* name -> index into kernel_rules */
    PyObject *last_name;               /* the name looked up last, and its rule */
    const KernelRule *last_rule;
    const KernelRule *reference_rule;  /* URI-reference, for split */
    /* What parse builds: the two value classes, where their seven slots sit (the member
     * descriptors of urikit._core.views.ReferenceViews), the shared schemes and the
     * function that adds to them (urikit._core.components: SCHEMES, shared_scheme).
     * Set by bind(). */
    PyTypeObject *uri_type, *relative_type;
    Py_ssize_t slot_offset[7];
    PyObject *schemes, *shared_scheme;
} KernelState;

static inline KernelState *
state_of(PyObject *module)
{
    return (KernelState *)PyModule_GetState(module);
}

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
lookup(KernelState *st, PyObject *name)
{
    if (name == st->last_name)
        return st->last_rule;
    if (!PyUnicode_Check(name)) {
        PyErr_SetObject(PyExc_LookupError, name);
        return NULL;
    }
    /* A str subclass (a StrEnum member) is looked up as the plain str it holds: its own
     * __hash__ and __eq__ are not called. */
    PyObject *plain = PyUnicode_CheckExact(name) ? Py_NewRef(name) : PyUnicode_FromObject(name);
    if (plain == NULL)
        return NULL;
    PyObject *index = PyDict_GetItemWithError(st->rule_index, plain);
    if (index == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetObject(PyExc_LookupError, name);
        Py_DECREF(plain);
        return NULL;
    }
    const KernelRule *r = &kernel_rules[PyLong_AsSsize_t(index)];
    Py_XSETREF(st->last_name, plain);
    st->last_rule = r;
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

/* The rule of a call function(text, rule), its text made ready; NULL with an exception
 * set when the call is not of that form. */
static const KernelRule *
text_and_rule(PyObject *module, const char *function, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "%s() takes 2 arguments (%zd given)", function, nargs);
        return NULL;
    }
    const KernelRule *r = lookup(state_of(module), args[1]);
    if (r == NULL || ready_text(args[0]) < 0)
        return NULL;
    return r;
}

static PyObject *
kernel_is_valid(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    const KernelRule *r = text_and_rule(module, "is_valid", args, nargs);
    if (r == NULL)
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
    const KernelRule *r = text_and_rule(module, "scan", args, nargs);
    if (r == NULL)
        return NULL;
    PyObject *text = args[0];
    if (!PyUnicode_IS_ASCII(text))
        return PyLong_FromSsize_t(scan_wide(r, text));
    Py_ssize_t stop;
    run(r, PyUnicode_1BYTE_DATA(text), PyUnicode_GET_LENGTH(text), &stop);
    return PyLong_FromSsize_t(stop);
}

/* column(rule, offsets, data, first, count, large, shift): the verdicts of the rows first ..
 * first + count - 1 of an Arrow string column, read from its buffers (Arrow's columnar
 * format: row i is data[offsets[i]:offsets[i + 1]], UTF-8; offsets int32, int64 if
 * large), as a bitmap, least significant bit first (Arrow's layout of booleans), row
 * first at bit shift (0-7: where a slice's validity bitmap has it) and the bits before
 * it 0. Only the offsets of those rows are read (none for no rows). A byte beyond ASCII
 * matches no rule. The rows are run without the GIL. ValueError for offsets outside
 * the buffers. */
static PyObject *
kernel_column(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 7) {
        PyErr_Format(PyExc_TypeError, "column() takes 7 arguments (%zd given)", nargs);
        return NULL;
    }
    const KernelRule *r = lookup(state_of(module), args[0]);
    if (r == NULL)
        return NULL;
    /* each conversion checked before the next call: those may run Python code */
    Py_ssize_t first = PyLong_AsSsize_t(args[3]);
    if (first == -1 && PyErr_Occurred())
        return NULL;
    Py_ssize_t count = PyLong_AsSsize_t(args[4]);
    if (count == -1 && PyErr_Occurred())
        return NULL;
    int large = PyObject_IsTrue(args[5]);
    if (large < 0)
        return NULL;
    Py_ssize_t shift = PyLong_AsSsize_t(args[6]);
    if (shift == -1 && PyErr_Occurred())
        return NULL;
    if (first < 0 || count < 0) {
        PyErr_SetString(PyExc_ValueError, "column: first and count must not be negative");
        return NULL;
    }
    if (shift < 0 || shift > 7) {
        PyErr_SetString(PyExc_ValueError, "column: shift must be 0 to 7");
        return NULL;
    }
    Py_buffer offsets, data;
    if (PyObject_GetBuffer(args[1], &offsets, PyBUF_SIMPLE) < 0)
        return NULL;
    if (PyObject_GetBuffer(args[2], &data, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&offsets);
        return NULL;
    }
    size_t width = large ? 8 : 4;
    PyObject *out = NULL;
    if (count > 0 && (size_t)offsets.len / width <= (size_t)first + (size_t)count) {
        PyErr_SetString(PyExc_ValueError, "column: the offsets buffer is too short");
        goto done;
    }
    size_t size = ((size_t)shift + (size_t)count + 7) / 8;
    out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)size);
    if (out == NULL)
        goto done;
    uint8_t *bits = (uint8_t *)PyBytes_AS_STRING(out);
    memset(bits, 0, size);
    if (count == 0)
        goto done;
    const char *at = (const char *)offsets.buf + (size_t)first * width;
    const uint8_t *text = data.buf;
    Py_ssize_t bad = -1;
    Py_BEGIN_ALLOW_THREADS
    int64_t start, end;
    if (large)
        memcpy(&start, at, 8);
    else {
        int32_t narrow;
        memcpy(&narrow, at, 4);
        start = narrow;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        at += width;
        if (large)
            memcpy(&end, at, 8);
        else {
            int32_t narrow;
            memcpy(&narrow, at, 4);
            end = narrow;
        }
        if (start < 0 || end < start || end > data.len) {
            bad = k;
            break;
        }
        Py_ssize_t n = (Py_ssize_t)(end - start), stop;
        unsigned s = run(r, text + start, n, &stop);
        if (stop == n && r->accepting[s]) {
            size_t bit = (size_t)shift + (size_t)k;
            bits[bit >> 3] |= (uint8_t)(1u << (bit & 7));
        }
        start = end;
    }
    Py_END_ALLOW_THREADS
    if (bad >= 0) {
        PyErr_Format(PyExc_ValueError, "column: the offsets of row %zd lie outside the data",
                     first + bad);
        Py_CLEAR(out);
    }
done:
    PyBuffer_Release(&data);
    PyBuffer_Release(&offsets);
    return out;
}

/* Percent-encoding (RFC 3986 2.1, 2.5) for one component: encoders(keep) returns the pair
 * (unsafe, encode), two functions bound to keep, 256 bytes, one per octet (1: the octet
 * stands for itself; only octets below 0x80 can), made by the Python side from the
 * component's characters (urikit._core.encoding).
 *
 * unsafe(text)  the index of the first character text must encode, or None;
 * encode(text)  text with every octet of its UTF-8 form not kept written %XX, the
 *               hexadecimal digits uppercase; text itself where nothing is to encode.
 * Text that is not a str raises TypeError; a lone surrogate (no UTF-8 form)
 * UnicodeEncodeError: the Python side turns both into its own located errors. */
static inline int
kept(const uint8_t *keep, Py_UCS4 c)
{
    return c < 0x80 && keep[c];
}

/* The index of the first character of text that keep does not keep, or -1. */
static Py_ssize_t
first_unkept(const uint8_t *keep, PyObject *text)
{
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    if (kind == PyUnicode_1BYTE_KIND) {
        const uint8_t *s = data;
        for (Py_ssize_t i = 0; i < n; i++)
            if (!kept(keep, s[i]))
                return i;
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (!kept(keep, PyUnicode_READ(kind, data, i)))
            return i;
    return -1;
}

static PyObject *
kernel_unsafe(PyObject *keep, PyObject *text)
{
    if (ready_text(text) < 0)
        return NULL;
    Py_ssize_t at = first_unkept((const uint8_t *)PyBytes_AS_STRING(keep), text);
    if (at < 0)
        Py_RETURN_NONE;
    return PyLong_FromSsize_t(at);
}

static PyObject *
kernel_encode(PyObject *keep_bytes, PyObject *text)
{
    static const char hex[] = "0123456789ABCDEF";
    const uint8_t *keep = (const uint8_t *)PyBytes_AS_STRING(keep_bytes);
    if (ready_text(text) < 0)
        return NULL;
    Py_ssize_t at = first_unkept(keep, text);
    if (at < 0) {
        if (PyUnicode_CheckExact(text))
            return Py_NewRef(text);
        return PyUnicode_FromObject(text); /* a str subclass as plain text */
    }
    PyObject *utf8 = NULL;
    const uint8_t *s;
    Py_ssize_t n;
    if (PyUnicode_IS_ASCII(text)) {
        s = PyUnicode_1BYTE_DATA(text);
        n = PyUnicode_GET_LENGTH(text);
    } else {
        utf8 = PyUnicode_AsUTF8String(text);
        if (utf8 == NULL)
            return NULL;
        s = (const uint8_t *)PyBytes_AS_STRING(utf8);
        n = PyBytes_GET_SIZE(utf8);
        at = 0;
    }
    Py_ssize_t escaped = 0;
    for (Py_ssize_t i = at; i < n; i++)
        escaped += !kept(keep, s[i]);
    PyObject *out = NULL;
    if (escaped > (PY_SSIZE_T_MAX - n) / 2) {
        PyErr_NoMemory();
        goto done;
    }
    out = PyUnicode_New(n + 2 * escaped, 127);
    if (out == NULL)
        goto done;
    uint8_t *o = PyUnicode_1BYTE_DATA(out);
    memcpy(o, s, (size_t)at);
    o += at;
    for (Py_ssize_t i = at; i < n; i++) {
        uint8_t c = s[i];
        if (kept(keep, c)) {
            *o++ = c;
        } else {
            o[0] = '%';
            o[1] = (uint8_t)hex[c >> 4];
            o[2] = (uint8_t)hex[c & 15];
            o += 3;
        }
    }
done:
    Py_XDECREF(utf8);
    return out;
}

static PyMethodDef unsafe_def = {
    "unsafe", kernel_unsafe, METH_O,
    "unsafe(text, /)\n--\n\nThe index of the first character text must percent-encode, or None."};
static PyMethodDef encode_def = {
    "encode", kernel_encode, METH_O,
    "encode(text, /)\n--\n\ntext percent-encoded (RFC 3986 2.1, 2.5); text itself if it needs "
    "nothing."};

static PyObject *
kernel_encoders(PyObject *module, PyObject *keep)
{
    if (!PyBytes_CheckExact(keep) || PyBytes_GET_SIZE(keep) != 256) {
        PyErr_SetString(PyExc_TypeError, "encoders(): keep must be 256 bytes");
        return NULL;
    }
    PyObject *unsafe = PyCFunction_New(&unsafe_def, keep);
    PyObject *encode = PyCFunction_New(&encode_def, keep);
    PyObject *pair = NULL;
    if (unsafe != NULL && encode != NULL)
        pair = PyTuple_Pack(2, unsafe, encode);
    Py_XDECREF(unsafe);
    Py_XDECREF(encode);
    return pair;
}

static inline const uint8_t *
find(const uint8_t *from, const uint8_t *to, int c)
{
    return to > from ? memchr(from, c, (size_t)(to - from)) : NULL;
}

/* The bounds of the seven components (RFC 3 order: scheme, userinfo, host, port, path,
 * query, fragment): text[start[i]:end[i]], or undefined where start[i] < 0 (RFC 5.2.1). */
typedef struct {
    Py_ssize_t start[7], end[7];
} Bounds;

/* The components of s, a valid URI-reference, as RFC 3986 Appendix B splits it: for
 * valid text that split is the grammar's, because each delimiter it stops at cannot
 * occur inside the component before it (a scheme has no ":/?#", an authority no
 * "/?#", a path no "?#", a query no "#"; userinfo and host have no "@", a reg-name
 * no ":", an IP-literal ends at its "]"). */
static void
bounds(const uint8_t *s, Py_ssize_t n, Bounds *b)
{
    const uint8_t *end = s + n, *p = s;
    for (int i = 0; i < 7; i++)
        b->start[i] = b->end[i] = -1;
    while (p < end && *p != ':' && *p != '/' && *p != '?' && *p != '#')
        p++;
    if (p < end && *p == ':') {
        b->start[0] = 0;
        b->end[0] = p - s;
        p++;
    }
    else
        p = s;
    const uint8_t *hash = find(p, end, '#');
    const uint8_t *query_end = hash ? hash : end;
    const uint8_t *question = find(p, query_end, '?');
    const uint8_t *path_end = question ? question : query_end;
    if (path_end - p >= 2 && p[0] == '/' && p[1] == '/') {
        const uint8_t *authority = p + 2, *h = authority, *colon;
        p = authority;
        while (p < path_end && *p != '/')
            p++;
        const uint8_t *at = find(authority, p, '@');
        if (at) {
            b->start[1] = authority - s;
            b->end[1] = at - s;
            h = at + 1;
        }
        if (h < p && *h == '[') {
            const uint8_t *close = find(h, p, ']');
            colon = close ? find(close, p, ':') : NULL;
        }
        else
            colon = find(h, p, ':');
        b->start[2] = h - s;
        b->end[2] = (colon ? colon : p) - s;
        if (colon) {
            b->start[3] = colon + 1 - s;
            b->end[3] = p - s;
        }
    }
    b->start[4] = p - s;
    b->end[4] = path_end - s;
    if (question) {
        b->start[5] = question + 1 - s;
        b->end[5] = query_end - s;
    }
    if (hash) {
        b->start[6] = hash + 1 - s;
        b->end[6] = n;
    }
}

/* text[b->start[i]:b->end[i]] as a new str (text is ASCII), or None. */
static PyObject *
part(PyObject *text, const uint8_t *s, const Bounds *b, int i)
{
    Py_ssize_t start = b->start[i];
    if (start < 0)
        Py_RETURN_NONE;
    Py_ssize_t length = b->end[i] - start;
    if (length == PyUnicode_GET_LENGTH(text) && PyUnicode_CheckExact(text)) {
        Py_INCREF(text);
        return text;
    }
    PyObject *out = PyUnicode_New(length, 127);
    if (out != NULL && length)
        memcpy(PyUnicode_1BYTE_DATA(out), s + start, (size_t)length);
    return out;
}

/* The bounds of text if it is a URI-reference: 1, or 0 if it is not one. */
static int
split_reference(const KernelRule *reference_rule, PyObject *text, const uint8_t **s, Bounds *b)
{
    if (!PyUnicode_IS_ASCII(text))
        return 0;
    *s = PyUnicode_1BYTE_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), stop;
    unsigned state = run(reference_rule, *s, n, &stop);
    if (stop != n || !reference_rule->accepting[state])
        return 0;
    bounds(*s, n, b);
    return 1;
}

static PyObject *
kernel_split(PyObject *module, PyObject *text)
{
    const uint8_t *s;
    Bounds b;
    if (ready_text(text) < 0)
        return NULL;
    if (!split_reference(state_of(module)->reference_rule, text, &s, &b))
        Py_RETURN_NONE;
    PyObject *fields = PyTuple_New(7);
    if (fields == NULL)
        return NULL;
    for (int i = 0; i < 7; i++) {
        PyObject *field = part(text, s, &b, i);
        if (field == NULL) {
            Py_DECREF(fields);
            return NULL;
        }
        PyTuple_SET_ITEM(fields, i, field);
    }
    return fields;
}

static const char *const slot_names[7] = {
    "_scheme", "_userinfo", "_host", "_port", "_path", "_query", "_fragment",
};

static PyObject *
kernel_bind(PyObject *module, PyObject *args)
{
    PyObject *components, *uri, *relative, *known, *share;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O:bind", &PyType_Type, &components, &PyType_Type,
                          &uri, &PyType_Type, &relative, &PyDict_Type, &known, &share))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)uri, (PyTypeObject *)components)
        || !PyType_IsSubtype((PyTypeObject *)relative, (PyTypeObject *)components)) {
        PyErr_SetString(PyExc_TypeError, "bind: the value classes must subclass the slots' class");
        return NULL;
    }
    Py_ssize_t offset[7];
    for (int i = 0; i < 7; i++) {
        PyObject *slot = PyObject_GetAttrString(components, slot_names[i]);
        if (slot == NULL)
            return NULL;
        /* parse writes the component at the slot's offset into a new value: the slot must
         * be an object slot of a class both value classes derive from, inside their
         * instances, and none may share another's place. */
        int ok = Py_IS_TYPE(slot, &PyMemberDescr_Type);
        if (ok) {
            PyMemberDef *member = ((PyMemberDescrObject *)slot)->d_member;
            PyTypeObject *owner = PyDescr_TYPE(slot);
            offset[i] = member->offset;
            ok = member->type == T_OBJECT_EX && !(member->flags & READONLY)
                 && PyType_IsSubtype((PyTypeObject *)components, owner)
                 && PyType_IsSubtype((PyTypeObject *)uri, owner)
                 && PyType_IsSubtype((PyTypeObject *)relative, owner)
                 && offset[i] >= (Py_ssize_t)sizeof(PyObject)
                 && offset[i] <= owner->tp_basicsize - (Py_ssize_t)sizeof(PyObject *)
                 && owner->tp_itemsize == 0;
            for (int j = 0; ok && j < i; j++)
                ok = offset[j] != offset[i];
        }
        Py_DECREF(slot);
        if (!ok) {
            PyErr_Format(PyExc_TypeError, "bind: %s is not an object slot of the value classes",
                         slot_names[i]);
            return NULL;
        }
    }
    KernelState *st = state_of(module);
    memcpy(st->slot_offset, offset, sizeof offset);
    Py_INCREF(uri);
    Py_INCREF(relative);
    Py_INCREF(known);
    Py_INCREF(share);
    Py_XSETREF(st->uri_type, (PyTypeObject *)uri);
    Py_XSETREF(st->relative_type, (PyTypeObject *)relative);
    Py_XSETREF(st->schemes, known);
    Py_XSETREF(st->shared_scheme, share);
    Py_RETURN_NONE;
}

/* The value for text, a URI or a RelativeReference with its slots filled, as
 * urikit.values.uri.parse makes it; None if text is not a URI-reference. */
static PyObject *
kernel_parse(PyObject *module, PyObject *text)
{
    const uint8_t *s;
    Bounds b;
    KernelState *st = state_of(module);
    if (st->uri_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "parse: bind() first");
        return NULL;
    }
    if (ready_text(text) < 0)
        return NULL;
    if (!split_reference(st->reference_rule, text, &s, &b))
        Py_RETURN_NONE;
    PyTypeObject *type = b.start[0] >= 0 ? st->uri_type : st->relative_type;
    PyObject *value = type->tp_alloc(type, 0);
    if (value == NULL)
        return NULL;
    for (int i = 0; i < 7; i++) {
        PyObject *field = part(text, s, &b, i);
        if (field == NULL) {
            Py_DECREF(value);
            return NULL;
        }
        if (i == 0 && field != Py_None) {
            PyObject *shared = PyDict_GetItemWithError(st->schemes, field);
            if (shared != NULL)
                Py_INCREF(shared);
            else if (!PyErr_Occurred())
                shared = PyObject_CallOneArg(st->shared_scheme, field);
            Py_DECREF(field);
            if (shared == NULL) {
                Py_DECREF(value);
                return NULL;
            }
            field = shared;
        }
        *(PyObject **)((char *)value + st->slot_offset[i]) = field;
    }
    return value;
}

static PyMethodDef kernel_methods[] = {
    {"is_valid", (PyCFunction)(void (*)(void))kernel_is_valid, METH_FASTCALL,
     "is_valid(text, rule, /)\n--\n\nWhether text matches the rule (RFC 3986 Appendix A)."},
    {"scan", (PyCFunction)(void (*)(void))kernel_scan, METH_FASTCALL,
     "scan(text, rule, /)\n--\n\nThe length of the longest prefix of text that a match of "
     "the rule could have: the error position."},
    {"column", (PyCFunction)(void (*)(void))kernel_column, METH_FASTCALL,
     "column(rule, offsets, data, first, count, large, shift, /)\n--\n\nThe verdicts of an "
     "Arrow string column's rows, from its offsets and data buffers, as a bitmap."},
    {"encoders", kernel_encoders, METH_O,
     "encoders(keep, /)\n--\n\nThe functions (unsafe, encode) that percent-encode text "
     "keeping the octets keep (256 bytes) says stand for themselves (RFC 3986 2.1, 2.5)."},
    {"split", kernel_split, METH_O,
     "split(text, /)\n--\n\nThe seven components of a URI-reference (RFC 3), None where "
     "undefined; None if text is not one."},
    {"bind", kernel_bind, METH_VARARGS,
     "bind(components, uri, relative, schemes, shared_scheme, /)\n--\n\nWhat parse builds: "
     "the value classes, their slots' class, the shared schemes and their keeper."},
    {"parse", kernel_parse, METH_O,
     "parse(text, /)\n--\n\nThe URI or RelativeReference for text, None if it is not a "
     "URI-reference."},
    {NULL, NULL, 0, NULL},
};

static int
kernel_exec(PyObject *module)
{
    KernelState *st = state_of(module);
    PyObject *names = PyTuple_New(KERNEL_RULE_COUNT);
    st->rule_index = PyDict_New();
    if (names == NULL || st->rule_index == NULL)
        goto fail;
    for (Py_ssize_t i = 0; i < KERNEL_RULE_COUNT; i++) {
        PyObject *name = PyUnicode_InternFromString(kernel_rules[i].name);
        PyObject *index = PyLong_FromSsize_t(i);
        if (name == NULL || index == NULL || PyDict_SetItem(st->rule_index, name, index) < 0) {
            Py_XDECREF(name);
            Py_XDECREF(index);
            goto fail;
        }
        Py_DECREF(index);
        PyTuple_SET_ITEM(names, i, name);
        if (strcmp(kernel_rules[i].name, "URI-reference") == 0)
            st->reference_rule = &kernel_rules[i];
    }
    if (st->reference_rule == NULL) {
        PyErr_SetString(PyExc_ImportError, "the kernel has no URI-reference table");
        goto fail;
    }
    if (PyModule_AddObject(module, "RULES", names) < 0)
        goto fail;
    names = NULL;
    if (PyModule_AddStringConstant(module, "DIGEST", KERNEL_DIGEST) < 0
        || PyModule_AddStringConstant(module, "GRAMMAR", KERNEL_GRAMMAR) < 0)
        goto fail;
    return 0;
fail:
    Py_XDECREF(names);
    return -1;
}

static int
kernel_traverse(PyObject *module, visitproc visit, void *arg)
{
    KernelState *st = state_of(module);
    Py_VISIT(st->rule_index);
    Py_VISIT(st->last_name);
    Py_VISIT(st->uri_type);
    Py_VISIT(st->relative_type);
    Py_VISIT(st->schemes);
    Py_VISIT(st->shared_scheme);
    return 0;
}

static int
kernel_clear(PyObject *module)
{
    KernelState *st = state_of(module);
    Py_CLEAR(st->rule_index);
    Py_CLEAR(st->last_name);
    Py_CLEAR(st->uri_type);
    Py_CLEAR(st->relative_type);
    Py_CLEAR(st->schemes);
    Py_CLEAR(st->shared_scheme);
    return 0;
}

static void
kernel_free(void *module)
{
    kernel_clear((PyObject *)module);
}

static PyModuleDef_Slot kernel_slots[] = {
    {Py_mod_exec, kernel_exec},
#ifdef Py_mod_multiple_interpreters
    {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED},
#endif
    {0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "urikit._syntax._kernel",
    .m_doc = "The optional native kernel: the grammar's DFAs as generated C tables.",
    .m_size = sizeof(KernelState),
    .m_methods = kernel_methods,
    .m_slots = kernel_slots,
    .m_traverse = kernel_traverse,
    .m_clear = kernel_clear,
    .m_free = kernel_free,
};

PyMODINIT_FUNC
PyInit__kernel(void)
{
    return PyModuleDef_Init(&kernel_module);
}
