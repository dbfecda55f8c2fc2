package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// A small JSON Schema validator for the keywords hooks.schema.json uses,
// so that the schema can be tested without a dependency. A keyword it does
// not know is an error (see supportedKeywords), so the schema cannot start
// using one that these tests would silently ignore.

// annotationKeywords carry no assertion.
func annotationKeywords() []string {
	return []string{"$schema", "$id", "$comment", "title", "description", "default", "examples"}
}

// assertionKeywords are the keywords the validator implements.
func assertionKeywords() []string {
	return []string{"type", "properties", "additionalProperties", "required", "enum", "items", "pattern",
		"oneOf", "anyOf", "minimum", "exclusiveMinimum", "minLength", "propertyNames", "$ref", "definitions"}
}

// decodeJSON decodes data keeping numbers as json.Number.
func decodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("data after the JSON value")
	}
	return v, nil
}

type validator struct {
	root map[string]any
}

// validate returns the violations of doc against the root schema, each as
// "path: message".
func (v *validator) validate(doc any) []string {
	var errs []string
	v.check(v.root, doc, "$", &errs)
	sort.Strings(errs)
	return errs
}

func (v *validator) check(schema map[string]any, doc any, path string, errs *[]string) {
	fail := func(format string, args ...any) {
		*errs = append(*errs, path+": "+fmt.Sprintf(format, args...))
	}
	for key, kw := range schema {
		switch key {
		case "$ref":
			v.check(v.resolve(kw.(string)), doc, path, errs)
		case "type":
			if !hasType(kw, doc) {
				fail("want type %v, got %s", kw, typeOf(doc))
			}
		case "enum":
			found := false
			for _, e := range kw.([]any) {
				found = found || reflect.DeepEqual(e, doc)
			}
			if !found {
				fail("%v is not one of %v", doc, kw)
			}
		case "required":
			if obj, ok := doc.(map[string]any); ok {
				for _, r := range kw.([]any) {
					if _, ok := obj[r.(string)]; !ok {
						fail("missing required %q", r)
					}
				}
			}
		case "properties":
			v.checkObject(schema, doc, path, errs)
		case "additionalProperties":
			if _, both := schema["properties"]; !both { // else done under "properties"
				v.checkObject(schema, doc, path, errs)
			}
		case "propertyNames":
			if obj, ok := doc.(map[string]any); ok {
				for name := range obj {
					v.check(kw.(map[string]any), name, path+"{"+name+"}", errs)
				}
			}
		case "items":
			if arr, ok := doc.([]any); ok {
				for i, el := range arr {
					v.check(kw.(map[string]any), el, fmt.Sprintf("%s[%d]", path, i), errs)
				}
			}
		case "pattern":
			if s, ok := doc.(string); ok && !regexp.MustCompile(kw.(string)).MatchString(s) {
				fail("%q does not match %s", s, kw)
			}
		case "minLength":
			if s, ok := doc.(string); ok && int64(utf8.RuneCountInString(s)) < number(kw) {
				fail("%q is shorter than %v", s, kw)
			}
		case "minimum", "exclusiveMinimum":
			if n, ok := doc.(json.Number); ok {
				f, _ := n.Float64()
				m := float(kw)
				if f < m || key == "exclusiveMinimum" && f == m {
					fail("%s is below the %s %v", n, key, kw)
				}
			}
		case "oneOf", "anyOf":
			matched := 0
			var all []string
			for _, sub := range kw.([]any) {
				var subErrs []string
				v.check(sub.(map[string]any), doc, path, &subErrs)
				if len(subErrs) == 0 {
					matched++
				}
				all = append(all, subErrs...)
			}
			if matched == 0 || key == "oneOf" && matched > 1 {
				fail("%s: %d of %d subschemas match", key, matched, len(kw.([]any)))
				// Why each subschema failed, so that a message names the field.
				*errs = append(*errs, all...)
			}
		case "definitions":
		default:
			if !contains(annotationKeywords(), key) {
				fail("unsupported schema keyword %q", key)
			}
		}
	}
}

// checkObject applies properties and additionalProperties together.
func (v *validator) checkObject(schema map[string]any, doc any, path string, errs *[]string) {
	obj, ok := doc.(map[string]any)
	if !ok {
		return
	}
	props, _ := schema["properties"].(map[string]any)
	for name, val := range obj {
		sub := path + "." + name
		if ps, ok := props[name]; ok {
			v.check(ps.(map[string]any), val, sub, errs)
			continue
		}
		switch ap := schema["additionalProperties"].(type) {
		case bool:
			if !ap {
				*errs = append(*errs, sub+": additional property not allowed")
			}
		case map[string]any:
			v.check(ap, val, sub, errs)
		}
	}
}

// resolve follows a local reference such as "#/definitions/hook".
func (v *validator) resolve(ref string) map[string]any {
	cur := any(v.root)
	for _, seg := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		cur = cur.(map[string]any)[seg]
	}
	return cur.(map[string]any)
}

func hasType(kw, doc any) bool {
	types, ok := kw.([]any)
	if !ok {
		types = []any{kw}
	}
	for _, t := range types {
		got := typeOf(doc)
		if got == t || t == "number" && got == "integer" {
			return true
		}
	}
	return false
}

// typeOf names the JSON type of a decoded value; integral numbers are
// "integer" (as in JSON Schema, 1.0 is an integer).
func typeOf(doc any) string {
	switch d := doc.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if f, err := d.Float64(); err == nil && f == math.Trunc(f) {
			return "integer"
		}
		return "number"
	}
	return fmt.Sprintf("%T", doc)
}

func number(kw any) int64 {
	n, _ := kw.(json.Number).Int64()
	return n
}

func float(kw any) float64 {
	f, _ := kw.(json.Number).Float64()
	return f
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
