package builder

type matchEveryOwner struct{}

func (matchEveryOwner) ApplyToOwns(opts *OwnsInput) {}

// MatchEveryOwner makes Owns enqueue every owner of the object, not only
// its controller.
var MatchEveryOwner = matchEveryOwner{}
