package v1

// DeepCopy copies the StatefulSet.
func (in *StatefulSet) DeepCopy() *StatefulSet { return in }
