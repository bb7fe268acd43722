// A code template with a .go suffix: not Go.
package illtyped

func (m *{{.Kind}}Model) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	{{- range .Refs }}
	if err := obj.Spec.{{.Field}}.Normalize(ctx, op.Reader, obj.Namespace); err != nil {
	{{- end }}
}
