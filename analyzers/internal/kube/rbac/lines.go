package rbac

import "bytes"

// hasLine reports whether a line of the YAML text data is "key: value",
// with value one of values, bare or in quotes, at the start of the line or,
// when indented, after any indentation. It jumps from one "key:" to the
// next: a regular expression that starts with (?m)^\s* runs its slowest
// machine over every byte, and each package checked reads all of
// its module's YAML, CRDs of up to a megabyte included.
func hasLine(data []byte, indented bool, key string, values ...string) bool {
	prefix := []byte(key + ":")
	for i := 0; ; {
		j := bytes.Index(data[i:], prefix)
		if j < 0 {
			return false
		}
		at := i + j
		i = at + len(prefix)
		if lead := data[bytes.LastIndexByte(data[:at], '\n')+1 : at]; len(lead) > 0 && (!indented || len(trimBlank(lead)) > 0) {
			continue
		}
		end := bytes.IndexByte(data[i:], '\n')
		if end < 0 {
			end = len(data) - i
		}
		v := trimBlank(data[i : i+end])
		if len(v) > 0 && (v[0] == '"' || v[0] == '\'') {
			v = v[1:]
		}
		if n := len(v); n > 0 && (v[n-1] == '"' || v[n-1] == '\'') {
			v = v[:n-1]
		}
		for _, want := range values {
			if string(v) == want {
				return true
			}
		}
	}
}

// trimBlank returns b less the blanks around it: spaces, tabs, form feeds
// and the carriage return of a CRLF line.
func trimBlank(b []byte) []byte {
	return bytes.Trim(b, " \t\f\r")
}

// withoutSchemas returns the YAML stream data less the blocks under its
// "versions:" and "validation:" keys: a CRD's schemas, nearly all of its
// bytes, which its group, kind and plural are never in. The keys stay, with
// no value. A block is the lines after its key that are blank, comments,
// more indented than the key, or items of a sequence at its indentation.
func withoutSchemas(data []byte) []byte {
	out := make([]byte, 0, len(data)/4)
	skip := -1 // the indentation of the key whose block is left out
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		data = rest
		t := trimBlank(line)
		indent := len(line) - len(bytes.TrimLeft(line, " "))
		if skip >= 0 {
			if len(t) == 0 || t[0] == '#' || indent > skip || indent == skip && (bytes.HasPrefix(t, []byte("- ")) || string(t) == "-") {
				continue
			}
			skip = -1
		}
		if string(t) == "versions:" || string(t) == "validation:" {
			skip = indent
		}
		out = append(append(out, line...), '\n')
	}
	return out
}
