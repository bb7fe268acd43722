{{/*
The operator's rules, kept in a named template the ClusterRole includes.
*/}}
{{- define "op.rules" -}}
- apiGroups:
  - apps.example.com
  resources:
  - widgets
  - widgets/finalizers # blockOwnerDeletion on OpenShift
  - gizmoes
  verbs:
  - get
  - update
{{- if .Values.statefulSets }}
{{ include "op.statefulSetRules" . }}
{{- end }}
{{- end -}}

{{- define "op.statefulSetRules" -}}
- apiGroups: [apps]
  resources: [statefulsets]
  verbs: [get, update]
{{- end -}}

{{- define "op.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
{{- end -}}
