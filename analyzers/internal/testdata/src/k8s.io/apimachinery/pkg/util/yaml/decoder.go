// Package yaml is a stub of k8s.io/apimachinery/pkg/util/yaml.
package yaml

import "io"

// YAMLOrJSONDecoder decodes a stream of YAML or JSON documents.
type YAMLOrJSONDecoder struct{ r io.Reader }

// NewYAMLOrJSONDecoder returns a decoder reading r.
func NewYAMLOrJSONDecoder(r io.Reader, bufferSize int) *YAMLOrJSONDecoder {
	return &YAMLOrJSONDecoder{r: r}
}

// Decode decodes the next document into into.
func (d *YAMLOrJSONDecoder) Decode(into interface{}) error { return nil }
