// Package sarifcheck checks a SARIF log against the requirements of the
// SARIF 2.1.0 schema that apply to what deletionlint writes: required
// properties, value ranges, enumerations, the properties allowed on each
// object (the schema forbids others), and the references between objects
// (rule indexes, URI base ids). It reads the log as generic JSON, so it
// checks the bytes written, independently of the types that wrote them.
//
// It is the schema check of the main module's tests; the full JSON schema
// is applied by the test-only module under ../schematest.
package sarifcheck

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sort"
)

type object = map[string]any

// Check returns an error listing every violation found in the log.
func Check(data []byte) error {
	var root any
	if err := json.Unmarshal(data, &root); err != nil {
		return fmt.Errorf("sarif: not JSON: %v", err)
	}
	c := &checker{}
	c.log(root)
	return errors.Join(c.errs...)
}

type checker struct {
	errs []error
}

func (c *checker) errorf(path, format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf("sarif: %s: %s", path, fmt.Sprintf(format, args...)))
}

// obj checks that v is an object with the required keys and no keys beyond
// the allowed ones.
func (c *checker) obj(path string, v any, required []string, optional ...string) object {
	o, ok := v.(object)
	if !ok {
		c.errorf(path, "want an object, got %T", v)
		return nil
	}
	for _, k := range required {
		if _, ok := o[k]; !ok {
			c.errorf(path, "missing required property %q", k)
		}
	}
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !slices.Contains(required, k) && !slices.Contains(optional, k) && k != "properties" {
			c.errorf(path, "property %q is not allowed here", k)
		}
	}
	return o
}

func (c *checker) array(path string, v any, minItems int) []any {
	a, ok := v.([]any)
	if !ok {
		c.errorf(path, "want an array, got %T", v)
		return nil
	}
	if len(a) < minItems {
		c.errorf(path, "want at least %d items, got %d", minItems, len(a))
	}
	return a
}

func (c *checker) str(path string, v any) string {
	s, ok := v.(string)
	if !ok {
		c.errorf(path, "want a string, got %T", v)
	}
	return s
}

func (c *checker) integer(path string, v any, minimum int) int {
	f, ok := v.(float64)
	if !ok || f != float64(int(f)) {
		c.errorf(path, "want an integer, got %v", v)
		return minimum
	}
	if int(f) < minimum {
		c.errorf(path, "want an integer >= %d, got %d", minimum, int(f))
	}
	return int(f)
}

func (c *checker) enum(path string, v any, allowed ...string) {
	if s := c.str(path, v); !slices.Contains(allowed, s) {
		c.errorf(path, "%q is not one of %q", s, allowed)
	}
}

func (c *checker) uri(path string, v any, absolute bool) {
	s := c.str(path, v)
	u, err := url.Parse(s)
	if err != nil {
		c.errorf(path, "not a URI reference: %v", err)
		return
	}
	if absolute && !u.IsAbs() {
		c.errorf(path, "want an absolute URI, got %q", s)
	}
}

func (c *checker) message(path string, v any) {
	o := c.obj(path, v, nil, "text", "markdown", "id", "arguments")
	if o == nil {
		return
	}
	_, text := o["text"]
	_, id := o["id"]
	if !text && !id {
		c.errorf(path, "a message needs text or id")
	}
	if text {
		c.str(path+".text", o["text"])
	}
}

func (c *checker) log(v any) {
	o := c.obj("log", v, []string{"version", "runs"}, "$schema", "inlineExternalProperties")
	if o == nil {
		return
	}
	c.enum("log.version", o["version"], "2.1.0")
	if s, ok := o["$schema"]; ok {
		c.uri("log.$schema", s, true)
	}
	for i, r := range c.array("log.runs", o["runs"], 0) {
		c.run(fmt.Sprintf("runs[%d]", i), r)
	}
}

func (c *checker) run(path string, v any) {
	o := c.obj(path, v, []string{"tool"}, "invocations", "originalUriBaseIds", "columnKind", "results", "artifacts")
	if o == nil {
		return
	}
	rules := c.tool(path+".tool", o["tool"])
	bases := make(map[string]bool)
	if b, ok := o["originalUriBaseIds"]; ok {
		if m := c.obj(path+".originalUriBaseIds", b, nil, keysOf(b)...); m != nil {
			for k, loc := range m {
				p := path + ".originalUriBaseIds." + k
				l := c.obj(p, loc, nil, "uri", "uriBaseId", "index", "description")
				if l != nil {
					c.uri(p+".uri", l["uri"], true)
					if s, _ := l["uri"].(string); s == "" || s[len(s)-1] != '/' {
						c.errorf(p+".uri", "a base URI must end with a slash, got %q", s)
					}
				}
				bases[k] = true
			}
		}
	}
	if k, ok := o["columnKind"]; ok {
		c.enum(path+".columnKind", k, "utf16CodeUnits", "unicodeCodePoints")
	}
	if inv, ok := o["invocations"]; ok {
		for i, v := range c.array(path+".invocations", inv, 0) {
			c.invocation(fmt.Sprintf("%s.invocations[%d]", path, i), v)
		}
	}
	if rs, ok := o["results"]; ok {
		for i, r := range c.array(path+".results", rs, 0) {
			c.result(fmt.Sprintf("%s.results[%d]", path, i), r, rules, bases)
		}
	}
}

// tool checks the tool and returns its rules' ids by index.
func (c *checker) tool(path string, v any) []string {
	o := c.obj(path, v, []string{"driver"}, "extensions")
	if o == nil {
		return nil
	}
	d := c.obj(path+".driver", o["driver"], []string{"name"}, "version", "semanticVersion", "informationUri", "rules", "fullName", "organization")
	if d == nil {
		return nil
	}
	if c.str(path+".driver.name", d["name"]) == "" {
		c.errorf(path+".driver.name", "empty")
	}
	if u, ok := d["informationUri"]; ok {
		c.uri(path+".driver.informationUri", u, true)
	}
	var ids []string
	if rs, ok := d["rules"]; ok {
		for i, r := range c.array(path+".driver.rules", rs, 0) {
			p := fmt.Sprintf("%s.driver.rules[%d]", path, i)
			ro := c.obj(p, r, []string{"id"}, "name", "shortDescription", "fullDescription", "helpUri", "help", "defaultConfiguration")
			if ro == nil {
				continue
			}
			id := c.str(p+".id", ro["id"])
			if slices.Contains(ids, id) {
				c.errorf(p+".id", "duplicate rule id %q", id)
			}
			ids = append(ids, id)
			for _, k := range []string{"shortDescription", "fullDescription"} {
				if m, ok := ro[k]; ok {
					c.message(p+"."+k, m)
				}
			}
			if u, ok := ro["helpUri"]; ok {
				c.uri(p+".helpUri", u, true)
			}
		}
	}
	return ids
}

func (c *checker) invocation(path string, v any) {
	o := c.obj(path, v, []string{"executionSuccessful"}, "toolExecutionNotifications", "exitCode", "commandLine")
	if o == nil {
		return
	}
	if _, ok := o["executionSuccessful"].(bool); !ok {
		c.errorf(path+".executionSuccessful", "want a boolean")
	}
	if ns, ok := o["toolExecutionNotifications"]; ok {
		for i, n := range c.array(path+".toolExecutionNotifications", ns, 0) {
			p := fmt.Sprintf("%s.toolExecutionNotifications[%d]", path, i)
			no := c.obj(p, n, []string{"message"}, "level", "locations", "descriptor")
			if no == nil {
				continue
			}
			c.message(p+".message", no["message"])
			if l, ok := no["level"]; ok {
				c.enum(p+".level", l, "none", "note", "warning", "error")
			}
		}
	}
}

func (c *checker) result(path string, v any, rules []string, bases map[string]bool) {
	o := c.obj(path, v, []string{"message"}, "ruleId", "ruleIndex", "level", "locations", "relatedLocations", "fixes", "kind")
	if o == nil {
		return
	}
	c.message(path+".message", o["message"])
	id := ""
	if r, ok := o["ruleId"]; ok {
		id = c.str(path+".ruleId", r)
	}
	if ri, ok := o["ruleIndex"]; ok {
		i := c.integer(path+".ruleIndex", ri, -1)
		switch {
		case i >= len(rules):
			c.errorf(path+".ruleIndex", "%d is beyond the %d rules", i, len(rules))
		case i >= 0 && id != "" && rules[i] != id:
			c.errorf(path+".ruleIndex", "rule %d is %q, but ruleId is %q", i, rules[i], id)
		}
	}
	if l, ok := o["level"]; ok {
		c.enum(path+".level", l, "none", "note", "warning", "error")
	}
	if ls, ok := o["locations"]; ok {
		for i, l := range c.array(path+".locations", ls, 0) {
			c.location(fmt.Sprintf("%s.locations[%d]", path, i), l, bases)
		}
	}
	if ls, ok := o["relatedLocations"]; ok {
		seen := make(map[int]bool)
		for i, l := range c.array(path+".relatedLocations", ls, 0) {
			p := fmt.Sprintf("%s.relatedLocations[%d]", path, i)
			if lo := c.location(p, l, bases); lo != nil {
				if idv, ok := lo["id"]; ok {
					n := c.integer(p+".id", idv, -1)
					if seen[n] {
						c.errorf(p+".id", "duplicate id %d", n)
					}
					seen[n] = true
				}
			}
		}
	}
	if fs, ok := o["fixes"]; ok {
		for i, f := range c.array(path+".fixes", fs, 0) {
			c.fix(fmt.Sprintf("%s.fixes[%d]", path, i), f, bases)
		}
	}
}

func (c *checker) location(path string, v any, bases map[string]bool) object {
	o := c.obj(path, v, nil, "id", "physicalLocation", "message", "logicalLocations")
	if o == nil {
		return nil
	}
	if m, ok := o["message"]; ok {
		c.message(path+".message", m)
	}
	pl, ok := o["physicalLocation"]
	if !ok {
		return o
	}
	p := c.obj(path+".physicalLocation", pl, []string{"artifactLocation"}, "region", "contextRegion")
	if p == nil {
		return o
	}
	c.artifact(path+".physicalLocation.artifactLocation", p["artifactLocation"], bases)
	if r, ok := p["region"]; ok {
		c.region(path+".physicalLocation.region", r)
	}
	return o
}

func (c *checker) artifact(path string, v any, bases map[string]bool) {
	o := c.obj(path, v, []string{"uri"}, "uriBaseId", "index", "description")
	if o == nil {
		return
	}
	_, hasBase := o["uriBaseId"]
	c.uri(path+".uri", o["uri"], !hasBase)
	if hasBase {
		if b := c.str(path+".uriBaseId", o["uriBaseId"]); !bases[b] {
			c.errorf(path+".uriBaseId", "%q is not in the run's originalUriBaseIds", b)
		}
	}
}

func (c *checker) region(path string, v any) {
	o := c.obj(path, v, nil, "startLine", "startColumn", "endLine", "endColumn", "byteOffset", "byteLength", "charOffset", "charLength", "snippet", "message")
	if o == nil {
		return
	}
	get := func(k string, minimum int) (int, bool) {
		x, ok := o[k]
		if !ok {
			return 0, false
		}
		return c.integer(path+"."+k, x, minimum), true
	}
	sl, hasSL := get("startLine", 1)
	sc, hasSC := get("startColumn", 1)
	el, hasEL := get("endLine", 1)
	ec, hasEC := get("endColumn", 1)
	_, hasBO := get("byteOffset", 0)
	get("byteLength", 0)
	_, hasCO := get("charOffset", 0)
	get("charLength", 0)
	if !hasSL && !hasBO && !hasCO {
		c.errorf(path, "a region needs startLine, byteOffset or charOffset")
	}
	if (hasSC || hasEL || hasEC) && !hasSL {
		c.errorf(path, "columns and endLine need startLine")
	}
	if hasEL && el < sl {
		c.errorf(path, "endLine %d is before startLine %d", el, sl)
	}
	if hasEC && hasSC && (!hasEL || el == sl) && ec < sc {
		c.errorf(path, "endColumn %d is before startColumn %d on the same line", ec, sc)
	}
}

func (c *checker) fix(path string, v any, bases map[string]bool) {
	o := c.obj(path, v, []string{"artifactChanges"}, "description")
	if o == nil {
		return
	}
	if d, ok := o["description"]; ok {
		c.message(path+".description", d)
	}
	for i, ch := range c.array(path+".artifactChanges", o["artifactChanges"], 1) {
		p := fmt.Sprintf("%s.artifactChanges[%d]", path, i)
		co := c.obj(p, ch, []string{"artifactLocation", "replacements"})
		if co == nil {
			continue
		}
		c.artifact(p+".artifactLocation", co["artifactLocation"], bases)
		for j, r := range c.array(p+".replacements", co["replacements"], 1) {
			rp := fmt.Sprintf("%s.replacements[%d]", p, j)
			ro := c.obj(rp, r, []string{"deletedRegion"}, "insertedContent")
			if ro == nil {
				continue
			}
			c.region(rp+".deletedRegion", ro["deletedRegion"])
			if ic, ok := ro["insertedContent"]; ok {
				ico := c.obj(rp+".insertedContent", ic, nil, "text", "binary", "rendered")
				if ico != nil {
					if _, ok := ico["text"]; !ok {
						if _, ok := ico["binary"]; !ok {
							c.errorf(rp+".insertedContent", "needs text or binary")
						}
					}
				}
			}
		}
	}
}

func keysOf(v any) []string {
	o, _ := v.(object)
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	return keys
}
