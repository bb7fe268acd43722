package meta

import "k8s.io/apimachinery/pkg/runtime"

func ExtractList(obj runtime.Object) ([]runtime.Object, error) { return nil, nil }
