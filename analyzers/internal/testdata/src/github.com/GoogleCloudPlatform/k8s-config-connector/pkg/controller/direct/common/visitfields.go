// Package common is a stub of
// github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/common:
// the visitor that walks an object's fields and the reference normalizer
// built on it.
package common

import (
	"errors"
	"fmt"
	"reflect"
)

type Visitor interface {
	VisitField(path string, value any) error
}

func VisitFields(obj any, visitor Visitor) error {
	w := &visitorWalker{visitor: visitor}
	w.visitAny("", reflect.ValueOf(obj))
	return errors.Join(w.errs...)
}

type visitorWalker struct {
	visitor Visitor
	errs    []error
}

func (w *visitorWalker) visitAny(path string, v reflect.Value) {
	if err := w.visitor.VisitField(path, v.Interface()); err != nil {
		w.errs = append(w.errs, err)
	}
	switch v.Kind() {
	case reflect.Ptr, reflect.Interface:
		if v.IsNil() {
			return
		}
		w.visitAny(path, v.Elem())
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if field := v.Type().Field(i); field.IsExported() {
				w.visitAny(path+"."+field.Name, v.Field(i))
			}
		}
	case reflect.String, reflect.Bool, reflect.Int32, reflect.Int64, reflect.Float64:
	default:
		w.errs = append(w.errs, fmt.Errorf("visiting type %v is not supported", v.Kind()))
	}
}
