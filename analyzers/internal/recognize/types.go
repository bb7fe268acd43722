package recognize

import (
	"go/types"
	"strings"
)

// Unpointer returns the element type of a pointer type (after unaliasing), or
// t itself.
func Unpointer(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// Named returns the origin of the named type t, looking through aliases and
// generic instantiation, or nil if t is not a named type.
func Named(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	return n.Origin()
}

// TypeKey names the named type t, or the named type t points to, as
// "import/path.Name" (of the origin of an instantiation), the key by which
// rules and facts know types across packages; "" for other types.
func TypeKey(t types.Type) string {
	n := Named(Unpointer(t))
	if n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// IsNamed reports whether t is the named type path.name (or an alias or
// instantiation of it), or an alias named path.name: controller-runtime
// v0.25 declares client.Object as an alias of cacheapi.Object, and code
// written against client.Object must still match.
func IsNamed(t types.Type, path, name string) bool {
	for a, ok := t.(*types.Alias); ok; a, ok = a.Rhs().(*types.Alias) {
		obj := a.Obj()
		if obj.Name() == name && obj.Pkg() != nil && PathIs(obj.Pkg().Path(), path) {
			return true
		}
	}
	n := Named(t)
	if n == nil {
		return false
	}
	obj := n.Obj()
	return obj.Name() == name && obj.Pkg() != nil && PathIs(obj.Pkg().Path(), path)
}

// IsNamedOrPointer reports whether t is path.name or a pointer to it.
func IsNamedOrPointer(t types.Type, path, name string) bool {
	return IsNamed(Unpointer(t), path, name)
}

// KindSetAtRunTime reports whether t, or the type t points to, is an object
// (or list) type whose kind is set at run time rather than told by the type:
// unstructured.Unstructured and UnstructuredList, whose kind is in their data,
// and metav1.PartialObjectMetadata and PartialObjectMetadataList, which carry
// an object's metadata only and take its kind from SetGroupVersionKind.
func KindSetAtRunTime(t types.Type) bool {
	n := Named(Unpointer(t))
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	switch path := n.Obj().Pkg().Path(); {
	case PathIs(path, PkgUnstructured):
		return n.Obj().Name() == "Unstructured" || n.Obj().Name() == "UnstructuredList"
	case PathIs(path, PkgMetaV1):
		return n.Obj().Name() == "PartialObjectMetadata" || n.Obj().Name() == "PartialObjectMetadataList"
	}
	return false
}

// RunTimeList reports whether t, or the type t points to, is a list whose
// kind is set at run time (unstructured.UnstructuredList,
// metav1.PartialObjectMetadataList): its items have the list's kind without
// its "List" suffix.
func RunTimeList(t types.Type) bool {
	return KindSetAtRunTime(t) && strings.HasSuffix(Named(Unpointer(t)).Obj().Name(), "List")
}

// TypeName returns "pkg.Name" for a named type (or pointer to one), using the
// package's name, for messages; otherwise the type's string form.
func TypeName(t types.Type) string {
	n := Named(Unpointer(t))
	if n == nil {
		return types.TypeString(t, func(p *types.Package) string { return p.Name() })
	}
	obj := n.Obj()
	if obj.Pkg() == nil {
		return obj.Name()
	}
	return obj.Pkg().Name() + "." + obj.Name()
}

// IsError reports whether t is the predeclared error type.
func IsError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// ImplementsError reports whether a value of type t is an error: the error
// interface, or a type that implements it (*apierrors.StatusError, an
// operator's error type).
func ImplementsError(t types.Type) bool {
	errorType := types.Universe.Lookup("error").Type()
	return t != nil && (types.Identical(t, errorType) || types.Implements(t, errorType.Underlying().(*types.Interface)))
}

// IsBool reports whether t's underlying type is bool.
func IsBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// IsMetaTime reports whether t is metav1.Time or a pointer to it.
func IsMetaTime(t types.Type) bool {
	return IsNamedOrPointer(t, PkgMetaV1, "Time")
}

// Implements reports whether the concrete type t, or a pointer to it,
// implements iface: a method set either way counts, as a value of t is
// often stored by address. False for interfaces and nil.
func Implements(t types.Type, iface *types.Interface) bool {
	if t == nil || iface == nil || types.IsInterface(t) {
		return false
	}
	return types.Implements(t, iface) || types.Implements(types.NewPointer(Unpointer(t)), iface)
}

// Implementation reports whether fn implements the interface method m: a
// method of the same name of a concrete named type that implements m's
// interface.
func Implementation(fn, m *types.Func) bool {
	mr, fr := Receiver(m), Receiver(fn)
	if mr == nil || fr == nil || fn.Name() != m.Name() || Named(Unpointer(fr)) == nil {
		return false
	}
	iface, _ := mr.Underlying().(*types.Interface)
	return Implements(fr, iface)
}
