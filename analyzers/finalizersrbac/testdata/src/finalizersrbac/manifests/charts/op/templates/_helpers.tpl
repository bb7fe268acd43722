{{/* The operator's rules, shared by the chart's ClusterRole and Role. */}}
{{- define "op.rules" -}}
- apiGroups:
  - batch.example.com
  resources:
  - jobs
  - jobs/finalizers # for blockOwnerDeletion on OpenShift
  verbs:
  - get
  - update
{{- end -}}
