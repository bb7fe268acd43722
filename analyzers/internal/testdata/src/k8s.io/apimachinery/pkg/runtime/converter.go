package runtime

// UnstructuredConverter converts between typed objects and their
// unstructured content.
type UnstructuredConverter interface {
	ToUnstructured(obj interface{}) (map[string]interface{}, error)
	FromUnstructured(u map[string]interface{}, obj interface{}) error
}

type unstructuredConverter struct{}

func (unstructuredConverter) ToUnstructured(obj interface{}) (map[string]interface{}, error) {
	return nil, nil
}

func (unstructuredConverter) FromUnstructured(u map[string]interface{}, obj interface{}) error {
	return nil
}

// DefaultUnstructuredConverter is the converter the API machinery uses.
var DefaultUnstructuredConverter UnstructuredConverter = unstructuredConverter{}
