// Package serializer is a stub of k8s.io/apimachinery/pkg/runtime/serializer.
package serializer

import "k8s.io/apimachinery/pkg/runtime"

// CodecFactory makes the serializers of a scheme.
type CodecFactory struct{ scheme *runtime.Scheme }

// NewCodecFactory returns the codecs of scheme.
func NewCodecFactory(scheme *runtime.Scheme) CodecFactory { return CodecFactory{scheme: scheme} }

// UniversalDeserializer decodes any kind the scheme knows.
func (f CodecFactory) UniversalDeserializer() runtime.Decoder { return nil }
