package setting

import (
	"flag"
	"fmt"
	"reflect"
)

// Register registers on fs one flag for each field of the struct that s
// points to with a setting tag, so that a typed settings struct is the one
// place that declares its settings: the field's name in configuration
// (`setting:"owner-kinds"`, never changed once shipped), what it does
// (`help:"..."`, the flag's usage) and, in the field's initial value, its
// default. A bool field is a boolean flag; a field of a List type (*Names,
// *Paths) a list, whose usage gets the prefix "comma-separated ", which
// is how the command line takes it (configuration files take YAML lists).
// Any other field type, or a List field that is nil, is a programming
// error and panics when the rule's package is initialised.
func Register(fs *flag.FlagSet, s any) {
	v := reflect.ValueOf(s).Elem()
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		name, ok := f.Tag.Lookup("setting")
		if !ok {
			continue
		}
		help := f.Tag.Get("help")
		switch p := v.Field(i).Addr().Interface().(type) {
		case *bool:
			fs.BoolVar(p, name, *p, help)
		default:
			value, ok := v.Field(i).Interface().(flag.Value)
			if _, list := value.(List); !ok || !list || v.Field(i).IsNil() {
				panic(fmt.Sprintf("setting %s: field %s of %s is neither a bool nor a List", name, f.Name, t))
			}
			fs.Var(value, name, "comma-separated "+help)
		}
	}
}
